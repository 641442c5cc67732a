#ifndef CDBUS_SHIM_H
#define CDBUS_SHIM_H

#include <dbus/dbus.h>

// The bytes an array occupies on the wire, read off its length field by an
// iterator recursed into it. libdbus
// marks the call deprecated because the number is bytes, not elements, which
// is exactly what a check against the bus's 64 MiB array cap needs.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
static inline int cdbus_array_byte_length(DBusMessageIter *iterator) {
    return dbus_message_iter_get_array_len(iterator);
}
#pragma clang diagnostic pop

#endif
