#define _GNU_SOURCE
#include "clinux.h"

#include <errno.h>
#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <time.h>
#include <pthread.h>
#include <string.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <spawn.h>
#include <unistd.h>

int clinux_posix_spawn_setsid(void) {
    return POSIX_SPAWN_SETSID;
}

int clinux_is_main_thread(void) {
    /* Asked on every wake-up libdbus requests: two system calls a time
       without the thread's answer kept (a thread never changes its id). */
    static __thread int known = -1;
    if (known < 0) known = gettid() == getpid();
    return known;
}

int clinux_set_thread_nice(int nice) {
    /* On Linux a priority is a thread's: PRIO_PROCESS with a thread id sets only that thread's. */
    return setpriority(PRIO_PROCESS, (id_t)gettid(), nice);
}

int clinux_set_thread_name(const char *name) {
    char kept[16];
    strncpy(kept, name, sizeof kept - 1);
    kept[sizeof kept - 1] = 0;
    return pthread_setname_np(pthread_self(), kept);
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

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <wchar.h>

static int signal_write_end = -1;

static void clinux_on_signal(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (signal_write_end >= 0) {
        ssize_t ignored = write(signal_write_end, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int clinux_signal_pipe(const int *signals, int count) {
    int fds[2];
    if (signal_write_end >= 0 || pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    signal_write_end = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clinux_on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigset_t caught;
    sigemptyset(&caught);
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
        sigaddset(&caught, signals[i]);
    }
    /* A parent may have left them blocked (the mask survives exec): caught is not blocked. */
    sigprocmask(SIG_UNBLOCK, &caught, NULL);
    signal(SIGPIPE, SIG_IGN);
    return fds[0];
}

int clinux_termination_pipe(void) {
    const int signals[] = {SIGTERM, SIGINT};
    return clinux_signal_pipe(signals, 2);
}

int clinux_read_signal(int fd) {
    unsigned char byte;
    for (;;) {
        ssize_t count = read(fd, &byte, 1);
        if (count == 1) return byte;
        if (count < 0 && errno == EINTR) continue;
        return -1;
    }
}

int clinux_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

int clinux_wcwidth(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}

int clinux_memfd(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int clinux_main_queue_descriptor(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

void clinux_drain_main_queue(void) {
    _dispatch_main_queue_callback_4CF(NULL);
}

static int crash_terminal = -1;
static struct termios crash_termios;
static char crash_reset[64];

static void clinux_on_crash(int signal_number) {
    if (crash_terminal >= 0) {
        ssize_t ignored = write(crash_terminal, crash_reset, strlen(crash_reset));
        (void)ignored;
        tcsetattr(crash_terminal, TCSAFLUSH, &crash_termios);
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void clinux_restore_terminal_on_crash(int fd, const struct termios *saved, const char *reset) {
    static const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
    if (fd < 0 || saved == NULL || reset == NULL) {
        crash_terminal = -1;
        return;
    }
    crash_termios = *saved;
    strncpy(crash_reset, reset, sizeof crash_reset - 1);
    crash_reset[sizeof crash_reset - 1] = 0;
    crash_terminal = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clinux_on_crash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) {
        sigaction(crashes[i], &action, NULL);
    }
}

unsigned long clinux_cmsg_space(int bytes) {
    return CMSG_SPACE(bytes);
}

int clinux_received_descriptors(const struct msghdr *header, int *descriptors, int capacity) {
    int count = 0;
    for (struct cmsghdr *message = CMSG_FIRSTHDR(header); message != NULL; message = CMSG_NXTHDR((struct msghdr *)header, message)) {
        if (message->cmsg_level != SOL_SOCKET || message->cmsg_type != SCM_RIGHTS) continue;
        int inMessage = (int)((message->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        const unsigned char *data = CMSG_DATA(message);
        for (int i = 0; i < inMessage; i++) {
            if (count < capacity) memcpy(&descriptors[count], data + i * sizeof(int), sizeof(int));
            count++;
        }
    }
    return count;
}

static locale_t clinux_locale_or_global(void *locale) {
    return locale ? (locale_t)locale : LC_GLOBAL_LOCALE;
}

const char *clinux_translate(const char *domain, const char *message, void *locale) {
    /* gettext reads the calling thread's locale: the form's for as long as
       this call, so one thread can answer forms in several languages. */
    locale_t saved = uselocale(clinux_locale_or_global(locale));
    const char *translated = dgettext(domain, message);
    uselocale(saved);
    return translated;
}

const char *clinux_translate_plural(const char *domain, const char *one, const char *other,
                                    unsigned long count, void *locale) {
    locale_t saved = uselocale(clinux_locale_or_global(locale));
    const char *translated = dngettext(domain, one, other, count);
    uselocale(saved);
    return translated;
}

int clinux_bind_text_domain(const char *domain, const char *directory) {
    if (!bindtextdomain(domain, directory)) return -1;
    return bind_textdomain_codeset(domain, "UTF-8") ? 0 : -1;
}

void *clinux_new_locale(const char *name) {
    return newlocale(LC_ALL_MASK, name, (locale_t)0);
}

void clinux_free_locale(void *locale) {
    freelocale((locale_t)locale);
}

const char *clinux_decimal_point(void *locale) {
    return locale ? nl_langinfo_l(RADIXCHAR, (locale_t)locale) : nl_langinfo(RADIXCHAR);
}

const char *clinux_thousands_separator(void *locale) {
    return locale ? nl_langinfo_l(THOUSEP, (locale_t)locale) : nl_langinfo(THOUSEP);
}

unsigned long clinux_format_day(char *buffer, unsigned long size, int year, int month, int day, void *locale) {
    struct tm date = {0};
    date.tm_year = year - 1900;
    date.tm_mon = month - 1;
    date.tm_mday = day;
    date.tm_hour = 12;
    timegm(&date); /* fills in the weekday and day of the year %x may show */
    return locale ? strftime_l(buffer, size, "%x", &date, (locale_t)locale) : strftime(buffer, size, "%x", &date);
}

const char *clinux_process_locale(const char *category) {
    int which = strcmp(category, "LC_TIME") == 0 ? LC_TIME
              : strcmp(category, "LC_NUMERIC") == 0 ? LC_NUMERIC
              : strcmp(category, "LC_MESSAGES") == 0 ? LC_MESSAGES : -1;
    const char *name = which < 0 ? NULL : setlocale(which, NULL);
    return name ? name : "C";
}

int clinux_parse_day(const char *text, int *year, int *month, int *day) {
    struct tm date = {0};
    const char *end = strptime(text, "%x", &date);
    if (!end || *end != 0) return 0;
    *year = date.tm_year + 1900;
    *month = date.tm_mon + 1;
    *day = date.tm_mday;
    return 1;
}
