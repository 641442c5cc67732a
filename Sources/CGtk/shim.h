#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>

// GTK's type-checking casts and a few accessors are macros, which Swift
// cannot call; these are the ones the front end needs, as functions.
static inline GType cgtk_string_object_type(void) { return GTK_TYPE_STRING_OBJECT; }

#endif
