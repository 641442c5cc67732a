#define _GNU_SOURCE
#include "clinux.h"

#include <errno.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

int clinux_is_main_thread(void) {
    return gettid() == getpid();
}

int clinux_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int clinux_eventfd_signal(int fd) {
    uint64_t one = 1;
    for (;;) {
        if (write(fd, &one, sizeof one) == (ssize_t)sizeof one) return 0;
        if (errno == EINTR) continue;
        /* EAGAIN: the counter is already saturated, so the reader will wake anyway. */
        return errno == EAGAIN ? 0 : -1;
    }
}

int clinux_eventfd_drain(int fd) {
    uint64_t count;
    for (;;) {
        if (read(fd, &count, sizeof count) == (ssize_t)sizeof count) return 0;
        if (errno == EINTR) continue;
        return errno == EAGAIN ? 0 : -1;
    }
}
