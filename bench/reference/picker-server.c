/* The same-work C reference for bench/: a minimal single-threaded server on
 * raw libdbus that does what rxwidgetsd does for the Picker subset the
 * benchmark drives, under the daemon's names, so the ratio of the two is the
 * daemon's overhead over the physical limit of this work on libdbus:
 *
 *   Manager.CreatePicker(s name, a{sv} options{items: aas}) -> o
 *   Picker.SetItems(aas)      PropertiesChanged(RowCounts, SelectedRows, Revision), reply
 *   Picker.SelectRow(ii)      ItemSelected(ii), ModelSelected(av),
 *                             PropertiesChanged(SelectedRows, Revision), reply
 *   Properties.Get / GetAll   of the Picker's properties
 *   Manager.CreateForm(s name, s spec, a{sv} options) -> o
 *                             of a spec of plain text fields, as the bench sends
 *                             ({"fields":[{"name":"f0","kind":"text"},...]})
 *   Form.SetValues(a{sv} values, t expected_revision) -> t
 *                             PropertiesChanged(Revision; Values invalidated),
 *                             ValueChanged(s, v) for each value, reply
 *
 * Arguments are checked as the daemon checks them (types by signature,
 * indexes in range, strings without NUL by libdbus, a field known and given
 * once, a value of at most 65,536 characters, the expected revision), errors
 * named as its. */
#include <dbus/dbus.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROOT "/org/rxwidgets/Widgets1"
#define PICKER_PREFIX ROOT "/picker/"
#define PICKER_INTERFACE "org.rxwidgets.Widgets1.Picker"
#define MAX_PICKERS 64
#define MAX_COMPONENTS 64
#define FORM_PREFIX ROOT "/form/"
#define FORM_INTERFACE "org.rxwidgets.Widgets1.Form"
#define MAX_FORMS 8
#define MAX_FIELDS 256
#define MAX_CHARACTERS 65536

typedef struct {
    char **titles;
    int count;
} Component;

typedef struct {
    char path[128];
    Component components[MAX_COMPONENTS];
    int component_count;
    int selected[MAX_COMPONENTS];
    uint64_t revision;
} Picker;

static Picker pickers[MAX_PICKERS];
static int picker_count;

typedef struct {
    char path[128];
    char *names[MAX_FIELDS];
    char *values[MAX_FIELDS];
    int field_count;
    uint64_t revision;
} Form;

static Form forms[MAX_FORMS];
static int form_count;

static void fail(const char *what) {
    fprintf(stderr, "picker-server: %s\n", what);
    exit(1);
}

static void free_components(Picker *picker) {
    for (int c = 0; c < picker->component_count; c++) {
        for (int r = 0; r < picker->components[c].count; r++) free(picker->components[c].titles[r]);
        free(picker->components[c].titles);
    }
    picker->component_count = 0;
}

/* Reads an aas at `array` into the picker; 0 on success. */
static int read_items(Picker *picker, DBusMessageIter *array) {
    free_components(picker);
    DBusMessageIter components;
    dbus_message_iter_recurse(array, &components);
    while (dbus_message_iter_get_arg_type(&components) == DBUS_TYPE_ARRAY) {
        if (picker->component_count == MAX_COMPONENTS) return -1;
        Component *component = &picker->components[picker->component_count++];
        int capacity = dbus_message_iter_get_element_count(&components);
        component->titles = malloc(sizeof(char *) * (capacity > 0 ? capacity : 1));
        component->count = 0;
        DBusMessageIter rows;
        dbus_message_iter_recurse(&components, &rows);
        while (dbus_message_iter_get_arg_type(&rows) == DBUS_TYPE_STRING) {
            const char *title;
            dbus_message_iter_get_basic(&rows, &title);
            component->titles[component->count++] = strdup(title);
            dbus_message_iter_next(&rows);
        }
        dbus_message_iter_next(&components);
    }
    for (int c = 0; c < picker->component_count; c++) picker->selected[c] = picker->components[c].count > 0 ? 0 : -1;
    return 0;
}

static Picker *find_picker(const char *path) {
    for (int i = 0; i < picker_count; i++)
        if (strcmp(pickers[i].path, path) == 0) return &pickers[i];
    return NULL;
}

static void append_int_array(DBusMessageIter *iter, const int *values, int count) {
    DBusMessageIter array;
    dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, "i", &array);
    for (int i = 0; i < count; i++) {
        dbus_int32_t value = values[i];
        dbus_message_iter_append_basic(&array, DBUS_TYPE_INT32, &value);
    }
    dbus_message_iter_close_container(iter, &array);
}

/* Appends one property's value as a variant. */
static int append_property(DBusMessageIter *iter, const Picker *picker, const char *name) {
    DBusMessageIter variant;
    int counts[MAX_COMPONENTS];
    for (int c = 0; c < picker->component_count; c++) counts[c] = picker->components[c].count;
    if (strcmp(name, "NumberOfComponents") == 0) {
        dbus_int32_t value = picker->component_count;
        dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, "i", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_INT32, &value);
    } else if (strcmp(name, "RowCounts") == 0) {
        dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, "ai", &variant);
        append_int_array(&variant, counts, picker->component_count);
    } else if (strcmp(name, "SelectedRows") == 0) {
        dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, "ai", &variant);
        append_int_array(&variant, picker->selected, picker->component_count);
    } else if (strcmp(name, "Revision") == 0) {
        dbus_uint64_t value = picker->revision;
        dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, "t", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_UINT64, &value);
    } else if (strcmp(name, "Visible") == 0 || strcmp(name, "Popup") == 0) {
        dbus_bool_t value = FALSE;
        dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, "b", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &value);
    } else if (strcmp(name, "Adapter") == 0) {
        const char *value = "title";
        dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, "s", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &value);
    } else {
        return -1;
    }
    dbus_message_iter_close_container(iter, &variant);
    return 0;
}

static const char *property_names[] = {"NumberOfComponents", "RowCounts", "SelectedRows", "Visible", "Popup", "Adapter", "Revision"};

static void send_properties_changed(DBusConnection *connection, const Picker *picker, const char **names, int count) {
    DBusMessage *signal = dbus_message_new_signal(picker->path, DBUS_INTERFACE_PROPERTIES, "PropertiesChanged");
    DBusMessageIter iter, changed, entry, invalidated;
    const char *interface = PICKER_INTERFACE;
    dbus_message_iter_init_append(signal, &iter);
    dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &interface);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &changed);
    for (int i = 0; i < count; i++) {
        dbus_message_iter_open_container(&changed, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
        dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &names[i]);
        append_property(&entry, picker, names[i]);
        dbus_message_iter_close_container(&changed, &entry);
    }
    dbus_message_iter_close_container(&iter, &changed);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "s", &invalidated);
    dbus_message_iter_close_container(&iter, &invalidated);
    dbus_connection_send(connection, signal, NULL);
    dbus_message_unref(signal);
}

static DBusMessage *error(DBusMessage *call, const char *name, const char *text) {
    return dbus_message_new_error(call, name, text);
}

/* Writes prefix and name into path; 0 when it fits and is an object path. */
static int make_path(char *path, size_t size, const char *prefix, const char *name) {
    return snprintf(path, size, "%s%s", prefix, name) < (int)size && dbus_validate_path(path, NULL) ? 0 : -1;
}

static DBusMessage *create_picker(DBusMessage *call) {
    DBusMessageIter iter, options, entry, variant;
    const char *name;
    if (!dbus_message_has_signature(call, "sa{sv}")) return error(call, DBUS_ERROR_INVALID_ARGS, "expected 'sa{sv}'");
    dbus_message_iter_init(call, &iter);
    dbus_message_iter_get_basic(&iter, &name);
    if (picker_count == MAX_PICKERS) return error(call, "org.rxwidgets.Widgets1.Error.LimitExceeded", "too many pickers");
    Picker *picker = &pickers[picker_count];
    memset(picker, 0, sizeof *picker);
    if (make_path(picker->path, sizeof picker->path, PICKER_PREFIX, name) != 0) return error(call, "org.rxwidgets.Widgets1.Error.InvalidName", "bad name");
    if (find_picker(picker->path)) return error(call, "org.rxwidgets.Widgets1.Error.Exists", "a picker of that name exists");
    picker->revision = 1;
    dbus_message_iter_next(&iter);
    dbus_message_iter_recurse(&iter, &options);
    while (dbus_message_iter_get_arg_type(&options) == DBUS_TYPE_DICT_ENTRY) {
        const char *key;
        dbus_message_iter_recurse(&options, &entry);
        dbus_message_iter_get_basic(&entry, &key);
        dbus_message_iter_next(&entry);
        dbus_message_iter_recurse(&entry, &variant);
        if (strcmp(key, "items") == 0 && strcmp(dbus_message_iter_get_signature(&variant), "aas") == 0) {
            read_items(picker, &variant);
        }
        dbus_message_iter_next(&options);
    }
    picker_count++;
    DBusMessage *reply = dbus_message_new_method_return(call);
    const char *path = picker->path;
    dbus_message_append_args(reply, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
    return reply;
}

static DBusMessage *select_row(DBusConnection *connection, DBusMessage *call, Picker *picker) {
    dbus_int32_t row, component;
    if (!dbus_message_get_args(call, NULL, DBUS_TYPE_INT32, &row, DBUS_TYPE_INT32, &component, DBUS_TYPE_INVALID))
        return error(call, DBUS_ERROR_INVALID_ARGS, "expected 'ii'");
    if (component < 0 || component >= picker->component_count) return error(call, "org.rxwidgets.Widgets1.Error.OutOfRange", "component out of range");
    if (row < 0 || row >= picker->components[component].count) return error(call, "org.rxwidgets.Widgets1.Error.OutOfRange", "row out of range");
    int changed = picker->selected[component] != row;
    picker->selected[component] = row;

    DBusMessage *item = dbus_message_new_signal(picker->path, PICKER_INTERFACE, "ItemSelected");
    dbus_message_append_args(item, DBUS_TYPE_INT32, &row, DBUS_TYPE_INT32, &component, DBUS_TYPE_INVALID);
    dbus_connection_send(connection, item, NULL);
    dbus_message_unref(item);

    DBusMessage *models = dbus_message_new_signal(picker->path, PICKER_INTERFACE, "ModelSelected");
    DBusMessageIter iter, array, variant;
    dbus_message_iter_init_append(models, &iter);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "v", &array);
    for (int c = 0; c < picker->component_count; c++) {
        const char *model = picker->selected[c] >= 0 ? picker->components[c].titles[picker->selected[c]] : "";
        dbus_message_iter_open_container(&array, DBUS_TYPE_VARIANT, "s", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &model);
        dbus_message_iter_close_container(&array, &variant);
    }
    dbus_message_iter_close_container(&iter, &array);
    dbus_connection_send(connection, models, NULL);
    dbus_message_unref(models);

    if (changed) {
        picker->revision++;
        const char *names[] = {"SelectedRows", "Revision"};
        send_properties_changed(connection, picker, names, 2);
    }
    return dbus_message_new_method_return(call);
}

static DBusMessage *properties(DBusMessage *call, Picker *picker) {
    const char *interface, *name;
    DBusMessage *reply;
    DBusMessageIter iter, dictionary, entry;
    if (dbus_message_is_method_call(call, DBUS_INTERFACE_PROPERTIES, "Get")) {
        if (!dbus_message_get_args(call, NULL, DBUS_TYPE_STRING, &interface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID))
            return error(call, DBUS_ERROR_INVALID_ARGS, "expected 'ss'");
        reply = dbus_message_new_method_return(call);
        dbus_message_iter_init_append(reply, &iter);
        if (strcmp(interface, PICKER_INTERFACE) != 0 || append_property(&iter, picker, name) != 0) {
            dbus_message_unref(reply);
            return error(call, DBUS_ERROR_UNKNOWN_PROPERTY, "no such property");
        }
        return reply;
    }
    if (dbus_message_is_method_call(call, DBUS_INTERFACE_PROPERTIES, "GetAll")) {
        if (!dbus_message_get_args(call, NULL, DBUS_TYPE_STRING, &interface, DBUS_TYPE_INVALID))
            return error(call, DBUS_ERROR_INVALID_ARGS, "expected 's'");
        reply = dbus_message_new_method_return(call);
        dbus_message_iter_init_append(reply, &iter);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &dictionary);
        for (unsigned i = 0; strcmp(interface, PICKER_INTERFACE) == 0 && i < sizeof property_names / sizeof *property_names; i++) {
            dbus_message_iter_open_container(&dictionary, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
            dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &property_names[i]);
            append_property(&entry, picker, property_names[i]);
            dbus_message_iter_close_container(&dictionary, &entry);
        }
        dbus_message_iter_close_container(&iter, &dictionary);
        return reply;
    }
    return error(call, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
}

/* The fields of a spec of plain text fields: each "name" in it; 0 on success. */
static int read_fields(Form *form, const char *spec) {
    const char *cursor = spec;
    while ((cursor = strstr(cursor, "\"name\":\"")) != NULL) {
        cursor += strlen("\"name\":\"");
        const char *end = strchr(cursor, '"');
        if (end == NULL || form->field_count == MAX_FIELDS) return -1;
        form->names[form->field_count] = strndup(cursor, (size_t)(end - cursor));
        form->values[form->field_count] = strdup("");
        form->field_count++;
        cursor = end + 1;
    }
    return form->field_count > 0 ? 0 : -1;
}

static Form *find_form(const char *path) {
    for (int i = 0; i < form_count; i++)
        if (strcmp(forms[i].path, path) == 0) return &forms[i];
    return NULL;
}

static DBusMessage *create_form(DBusMessage *call) {
    const char *name, *spec;
    if (!dbus_message_has_signature(call, "ssa{sv}")) return error(call, DBUS_ERROR_INVALID_ARGS, "expected 'ssa{sv}'");
    dbus_message_get_args(call, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &spec, DBUS_TYPE_INVALID);
    if (form_count == MAX_FORMS) return error(call, "org.rxwidgets.Widgets1.Error.LimitExceeded", "too many forms");
    Form *form = &forms[form_count];
    memset(form, 0, sizeof *form);
    if (make_path(form->path, sizeof form->path, FORM_PREFIX, name) != 0) return error(call, "org.rxwidgets.Widgets1.Error.InvalidName", "bad name");
    if (find_form(form->path)) return error(call, "org.rxwidgets.Widgets1.Error.Exists", "a form of that name exists");
    if (read_fields(form, spec) != 0) return error(call, "org.rxwidgets.Widgets1.Error.InvalidSpec", "no fields");
    form->revision = 1;
    form_count++;
    DBusMessage *reply = dbus_message_new_method_return(call);
    const char *path = form->path;
    dbus_message_append_args(reply, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
    return reply;
}

/* Unicode scalars in UTF-8 text: every byte that does not continue one starts one. */
static size_t characters(const char *text) {
    size_t count = 0;
    for (const unsigned char *byte = (const unsigned char *)text; *byte; byte++) count += (*byte & 0xC0) != 0x80;
    return count;
}

static int field_index(const Form *form, const char *name) {
    for (int i = 0; i < form->field_count; i++)
        if (strcmp(form->names[i], name) == 0) return i;
    return -1;
}

static DBusMessage *set_values(DBusConnection *connection, DBusMessage *call, Form *form) {
    DBusMessageIter iter, entries, entry, variant;
    int indexes[MAX_FIELDS];
    const char *given[MAX_FIELDS];
    char seen[MAX_FIELDS] = {0};
    int count = 0;
    if (!dbus_message_has_signature(call, "a{sv}t")) return error(call, DBUS_ERROR_INVALID_ARGS, "expected 'a{sv}t'");
    dbus_message_iter_init(call, &iter);
    dbus_message_iter_recurse(&iter, &entries);
    while (dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY) {
        const char *key, *value;
        dbus_message_iter_recurse(&entries, &entry);
        dbus_message_iter_get_basic(&entry, &key);
        dbus_message_iter_next(&entry);
        dbus_message_iter_recurse(&entry, &variant);
        int index = field_index(form, key);
        if (index < 0) return error(call, "org.rxwidgets.Widgets1.Error.UnknownField", "unknown field");
        if (seen[index]) return error(call, DBUS_ERROR_INVALID_ARGS, "a field given twice");
        if (dbus_message_iter_get_arg_type(&variant) != DBUS_TYPE_STRING) return error(call, DBUS_ERROR_INVALID_ARGS, "expected a string");
        dbus_message_iter_get_basic(&variant, &value);
        if (strlen(value) > MAX_CHARACTERS && characters(value) > MAX_CHARACTERS)
            return error(call, "org.rxwidgets.Widgets1.Error.LimitExceeded", "value too long");
        seen[index] = 1;
        indexes[count] = index;
        given[count++] = value;
        dbus_message_iter_next(&entries);
    }
    dbus_uint64_t expected;
    dbus_message_iter_next(&iter);
    dbus_message_iter_get_basic(&iter, &expected);
    if (expected != 0 && expected != form->revision) return error(call, "org.rxwidgets.Widgets1.Error.RevisionMismatch", "revision mismatch");
    for (int i = 0; i < count; i++) {
        free(form->values[indexes[i]]);
        form->values[indexes[i]] = strdup(given[i]);
    }
    form->revision++;

    DBusMessage *signal = dbus_message_new_signal(form->path, DBUS_INTERFACE_PROPERTIES, "PropertiesChanged");
    DBusMessageIter changed, invalidated;
    const char *interface = FORM_INTERFACE, *revision = "Revision", *values = "Values";
    dbus_uint64_t current = form->revision;
    dbus_message_iter_init_append(signal, &iter);
    dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &interface);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &changed);
    dbus_message_iter_open_container(&changed, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &revision);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "t", &variant);
    dbus_message_iter_append_basic(&variant, DBUS_TYPE_UINT64, &current);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(&changed, &entry);
    dbus_message_iter_close_container(&iter, &changed);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "s", &invalidated);
    dbus_message_iter_append_basic(&invalidated, DBUS_TYPE_STRING, &values);
    dbus_message_iter_close_container(&iter, &invalidated);
    dbus_connection_send(connection, signal, NULL);
    dbus_message_unref(signal);

    for (int i = 0; i < count; i++) {
        DBusMessage *value_changed = dbus_message_new_signal(form->path, FORM_INTERFACE, "ValueChanged");
        const char *field = form->names[indexes[i]], *value = form->values[indexes[i]];
        dbus_message_iter_init_append(value_changed, &iter);
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &field);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_VARIANT, "s", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &value);
        dbus_message_iter_close_container(&iter, &variant);
        dbus_connection_send(connection, value_changed, NULL);
        dbus_message_unref(value_changed);
    }
    DBusMessage *reply = dbus_message_new_method_return(call);
    dbus_message_append_args(reply, DBUS_TYPE_UINT64, &current, DBUS_TYPE_INVALID);
    return reply;
}

static DBusHandlerResult handle(DBusConnection *connection, DBusMessage *call, void *data) {
    (void)data;
    if (dbus_message_get_type(call) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    const char *path = dbus_message_get_path(call);
    DBusMessage *reply;
    Picker *picker;
    Form *form;
    if (strcmp(path, ROOT) == 0 && dbus_message_is_method_call(call, "org.rxwidgets.Widgets1.Manager", "CreatePicker")) {
        reply = create_picker(call);
    } else if (strcmp(path, ROOT) == 0 && dbus_message_is_method_call(call, "org.rxwidgets.Widgets1.Manager", "CreateForm")) {
        reply = create_form(call);
    } else if ((form = find_form(path)) != NULL) {
        reply = dbus_message_is_method_call(call, FORM_INTERFACE, "SetValues") ? set_values(connection, call, form)
            : error(call, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
    } else if ((picker = find_picker(path)) == NULL) {
        reply = error(call, DBUS_ERROR_UNKNOWN_OBJECT, "no such object");
    } else if (dbus_message_is_method_call(call, PICKER_INTERFACE, "SelectRow")) {
        reply = select_row(connection, call, picker);
    } else if (dbus_message_is_method_call(call, PICKER_INTERFACE, "SetItems")) {
        DBusMessageIter iter;
        if (!dbus_message_has_signature(call, "aas")) {
            reply = error(call, DBUS_ERROR_INVALID_ARGS, "expected 'aas'");
        } else {
            dbus_message_iter_init(call, &iter);
            read_items(picker, &iter);
            picker->revision++;
            const char *names[] = {"NumberOfComponents", "RowCounts", "SelectedRows", "Revision"};
            send_properties_changed(connection, picker, names, 4);
            reply = dbus_message_new_method_return(call);
        }
    } else if (dbus_message_has_interface(call, DBUS_INTERFACE_PROPERTIES)) {
        reply = properties(call, picker);
    } else {
        reply = error(call, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
    }
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    const char *address = NULL;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--address") == 0) address = argv[i + 1];
    if (address == NULL) fail("usage: picker-server --address ADDRESS (other options are ignored)");
    DBusError dbus_error;
    dbus_error_init(&dbus_error);
    DBusConnection *connection = dbus_connection_open_private(address, &dbus_error);
    if (connection == NULL || !dbus_bus_register(connection, &dbus_error)) fail(dbus_error.message);
    DBusObjectPathVTable table = {.message_function = handle};
    if (!dbus_connection_register_fallback(connection, ROOT, &table, NULL)) fail("cannot register " ROOT);
    if (dbus_bus_request_name(connection, "org.rxwidgets.Widgets1", DBUS_NAME_FLAG_DO_NOT_QUEUE, &dbus_error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
        fail("cannot own org.rxwidgets.Widgets1");
    while (dbus_connection_read_write_dispatch(connection, -1)) {
    }
    return 0;
}
