#ifndef RXW_ROW_MODEL_H
#define RXW_ROW_MODEL_H

#include <gtk/gtk.h>

// A GListModel of GtkStringObject whose strings are asked for only when GTK
// needs a row (the rows a list view shows, the selected one): a list of
// millions of rows costs nothing until it is scrolled to.

/// The text of row `position`, malloc'd (the list frees it); NULL is "".
typedef char *(*RxwRowsText)(void *context, guint position);

typedef struct _RxwRows RxwRows;

/// A list of no rows whose texts `text` gives; `context` is passed back.
RxwRows *rxw_rows_new(RxwRowsText text, void *context);
/// Sets the context `text` is given (for an owner made after its list).
void rxw_rows_set_context(RxwRows *rows, void *context);
/// The list as the GListModel GTK's selection models take.
GListModel *rxw_rows_model(RxwRows *rows);
/// The number of rows.
guint rxw_rows_count(RxwRows *rows);
/// Rows `position` … `position + count - 1` are new (their texts came): items-changed over them.
void rxw_rows_changed(RxwRows *rows, guint position, guint count);
/// Takes up `count` rows, every one of them new: all removed, then all added.
void rxw_rows_reload(RxwRows *rows, guint count);

#endif
