/* The two calls of libsystemd's socket activation that libdbus makes
 * (sd_listen_fds(3), sd_is_socket(3)), so that shipped binaries can link
 * libdbus from its archive without libsystemd: the shared libdbus pulls in
 * libsystemd and, through it, libgcrypt, libgpg-error, libzstd, liblzma,
 * liblz4 and libcap, about 0.8 MiB resident at start for two functions
 * that only a bus server's activation calls. They behave as their manual
 * pages say. The sd_ names are hidden: they satisfy the archive's
 * references inside the binary and are never exported, so a libdbus.so
 * loaded beside them (debug builds, the tests) keeps libsystemd's. */
#include "clinux.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* Descriptors passed by socket activation start at 3 (SD_LISTEN_FDS_START). */
enum { listen_fds_start = 3 };

/* A decimal number of the whole of `text` (digits only), at most `limit`;
 * 0, or -EINVAL. */
static int parse_decimal(const char *text, long long limit, long long *value) {
    long long number = 0;
    if (*text == 0) return -EINVAL;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9') return -EINVAL;
        number = number * 10 + (*c - '0');
        if (number > limit) return -ERANGE;
    }
    *value = number;
    return 0;
}

int clinux_listen_fds(int unset_environment) {
    int result = 0;
    long long pid, count;
    const char *listen_pid = getenv("LISTEN_PID");
    const char *listen_fds = getenv("LISTEN_FDS");
    /* Not for this process (no LISTEN_PID, or another process's): none. */
    if (!listen_pid) goto finish;
    if ((result = parse_decimal(listen_pid, INT_MAX, &pid)) < 0) goto finish;
    if (pid <= 0) { result = -EINVAL; goto finish; }
    if (pid != getpid() || !listen_fds) goto finish;
    if ((result = parse_decimal(listen_fds, INT_MAX - listen_fds_start, &count)) < 0) goto finish;
    for (int fd = listen_fds_start; fd < listen_fds_start + (int)count; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags < 0 || (!(flags & FD_CLOEXEC) && fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0)) {
            result = -errno;
            goto finish;
        }
    }
    result = (int)count;
finish:
    if (unset_environment) {
        unsetenv("LISTEN_PID");
        unsetenv("LISTEN_FDS");
        unsetenv("LISTEN_FDNAMES");
    }
    return result;
}

int clinux_is_socket(int fd, int family, int type, int listening) {
    if (family < 0) return -EINVAL;
    if (fd < 0) return -EBADF;
    struct stat status;
    if (fstat(fd, &status) < 0) return -errno;
    if (!S_ISSOCK(status.st_mode)) return 0;
    if (type != 0) {
        int actual = 0;
        socklen_t length = sizeof actual;
        if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &actual, &length) < 0) return -errno;
        if (length != sizeof actual) return -EINVAL;
        if (actual != type) return 0;
    }
    if (listening >= 0) {
        int accepting = 0;
        socklen_t length = sizeof accepting;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) < 0) return -errno;
        if (length != sizeof accepting) return -EINVAL;
        if ((accepting != 0) != (listening > 0)) return 0;
    }
    if (family != AF_UNSPEC) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        if (getsockname(fd, (struct sockaddr *)&address, &length) < 0) return -errno;
        if (length < sizeof(sa_family_t)) return -EINVAL;
        if (address.ss_family != family) return 0;
    }
    return 1;
}

__attribute__((visibility("hidden"))) int sd_listen_fds(int unset_environment) {
    return clinux_listen_fds(unset_environment);
}

__attribute__((visibility("hidden"))) int sd_is_socket(int fd, int family, int type, int listening) {
    return clinux_is_socket(fd, family, type, listening);
}
