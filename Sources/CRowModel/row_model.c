#include "row_model.h"

struct _RxwRows {
    GObject parent;
    guint count;
    RxwRowsText text;
    void *context;
};

typedef struct {
    GObjectClass parent;
} RxwRowsClass;

static void rxw_rows_model_init(GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE(RxwRows, rxw_rows, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, rxw_rows_model_init))

static GType rxw_rows_item_type(GListModel *model) {
    (void)model;
    return GTK_TYPE_STRING_OBJECT;
}

static guint rxw_rows_n_items(GListModel *model) {
    return ((RxwRows *)model)->count;
}

static gpointer rxw_rows_item(GListModel *model, guint position) {
    RxwRows *rows = (RxwRows *)model;
    if (position >= rows->count) {
        return NULL;
    }
    char *text = rows->context ? rows->text(rows->context, position) : NULL;
    GtkStringObject *item = gtk_string_object_new(text ? text : "");
    free(text);
    return item;
}

static void rxw_rows_model_init(GListModelInterface *iface) {
    iface->get_item_type = rxw_rows_item_type;
    iface->get_n_items = rxw_rows_n_items;
    iface->get_item = rxw_rows_item;
}

static void rxw_rows_class_init(RxwRowsClass *class) {
    (void)class;
}

static void rxw_rows_init(RxwRows *rows) {
    rows->count = 0;
}

RxwRows *rxw_rows_new(RxwRowsText text, void *context) {
    RxwRows *rows = g_object_new(rxw_rows_get_type(), NULL);
    rows->text = text;
    rows->context = context;
    return rows;
}

void rxw_rows_set_context(RxwRows *rows, void *context) {
    rows->context = context;
}

GListModel *rxw_rows_model(RxwRows *rows) {
    return G_LIST_MODEL(rows);
}

guint rxw_rows_count(RxwRows *rows) {
    return rows->count;
}

void rxw_rows_changed(RxwRows *rows, guint position, guint count) {
    if (position < rows->count && count > 0) {
        guint changed = MIN(count, rows->count - position);
        g_list_model_items_changed(G_LIST_MODEL(rows), position, changed, changed);
    }
}

void rxw_rows_reload(RxwRows *rows, guint count) {
    // Removed, then added, in two changes: GTK's list views look for the
    // items they track among the added ones of a change that also removes,
    // which would ask for every one of millions of rows.
    guint removed = rows->count;
    if (removed > 0) {
        rows->count = 0;
        g_list_model_items_changed(G_LIST_MODEL(rows), 0, removed, 0);
    }
    rows->count = count;
    if (count > 0) {
        g_list_model_items_changed(G_LIST_MODEL(rows), 0, 0, count);
    }
}
