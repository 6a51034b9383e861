/*
 * watchdog.c: stops a call whose time is up.
 *
 * A count hook armed all the time would make every script about 1.9x slower,
 * so no hook runs until a deadline passes. One watchdog thread sleeps until
 * the earliest armed deadline, then flags the sandbox and sends a signal to
 * the thread running it. The signal handler, on that thread, does what the
 * `lua` interpreter does on Ctrl-C: lua_sethook, which Lua documents as safe
 * to call from a signal handler (it is not safe from another thread). C loops
 * that no hook reaches (patterns, string.rep, table.move) poll the flag.
 */
#include "internal.h"
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#define WD_SIGNAL SIGURG  /* ignored by default: a late signal can never kill the process */

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_wake;
static pthread_once_t wd_once = PTHREAD_ONCE_INIT;
static edujam_sandbox *wd_armed;               /* list of sandboxes with a deadline */
static uint64_t wd_wakes_at;                   /* when the watchdog will wake; 0: only when signalled */
static _Thread_local edujam_sandbox *tl_calls; /* this thread's sandboxes inside a call */
static _Atomic(edujam_last_resort_handler) wd_handler;
static _Atomic int wd_status = 124;            /* as timeout(1): the command ran out of time */

uint64_t edujam_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Runs on the thread that runs Lua. Touches only this thread's own list. */
static void wd_on_signal(int sig) {
    (void)sig;
    int saved = errno;
    for (edujam_sandbox *sb = tl_calls; sb != NULL; sb = sb->outer) {
        if (atomic_load(&sb->interrupt) == EDUJAM_LIMIT_NONE) continue;
        lua_State *running = atomic_load(&sb->running);
        edujam_escalate(running);
        if (running != sb->L) edujam_escalate(sb->L);
    }
    errno = saved;
}

void edujam_set_last_resort(edujam_last_resort_handler handler, int status) {
    atomic_store(&wd_handler, handler);
    atomic_store(&wd_status, status);
}

void edujam_set_grace(edujam_sandbox *sb, uint64_t grace_ns) { sb->grace_ns = grace_ns; }

/* The call did not stop: report through the host, then end the process. Never returns.
 * Runs with wd_lock held, so no other sandbox arms or leaves meanwhile. */
static void wd_last_resort(edujam_sandbox *sb) {
    edujam_last_resort_handler handler = atomic_load(&wd_handler);
    if (handler != NULL) {
        handler(sb->host, EDUJAM_LIMIT_TIME);
    } else {
        static const char line[] =
            "edujam: a script did not stop after its time limit and grace period; ending the process\n";
        ssize_t ignored = write(STDERR_FILENO, line, sizeof line - 1);
        (void)ignored;
    }
    _exit(atomic_load(&wd_status));
}

/* now + span, without wrapping past the end of time. */
static uint64_t wd_after(uint64_t now, uint64_t span) {
    return span > UINT64_MAX - now ? UINT64_MAX : now + span;
}

/* Flags every sandbox whose deadline has passed, and ends the process for one whose
 * grace period has passed too; returns the next time to wake (0: none). */
static uint64_t wd_fire_due(uint64_t now) {
    uint64_t next = 0;
    for (edujam_sandbox *sb = wd_armed; sb != NULL; sb = sb->next_armed) {
        uint64_t due;
        if (sb->last_resort_ns != 0) {
            if (sb->last_resort_ns <= now) wd_last_resort(sb);
            due = sb->last_resort_ns;
        } else if (sb->deadline_ns <= now) {
            atomic_store(&sb->interrupt, EDUJAM_LIMIT_TIME);
            pthread_kill(sb->thread, WD_SIGNAL);  /* the hook does the rest */
            sb->last_resort_ns = wd_after(now, sb->grace_ns);
            due = sb->last_resort_ns;
        } else {
            due = sb->deadline_ns;
        }
        if (next == 0 || due < next) next = due;
    }
    return next;
}

static void *wd_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        uint64_t next = wd_fire_due(edujam_now_ns());
        wd_wakes_at = next;
        if (next == 0) {
            pthread_cond_wait(&wd_wake, &wd_lock);
        } else {
            struct timespec until = { (time_t)(next / 1000000000u), (long)(next % 1000000000u) };
            pthread_cond_timedwait(&wd_wake, &wd_lock, &until);
        }
    }
    return NULL;
}

static void wd_start(void) {
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&wd_wake, &attr);
    pthread_condattr_destroy(&attr);

    struct sigaction action = {0};
    action.sa_handler = wd_on_signal;
    action.sa_flags = SA_RESTART;      /* a read() waiting for the student just goes on */
    sigemptyset(&action.sa_mask);
    sigaction(WD_SIGNAL, &action, NULL);

    pthread_t thread;
    pthread_attr_t thread_attr;
    pthread_attr_init(&thread_attr);
    pthread_attr_setdetachstate(&thread_attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &thread_attr, wd_main, NULL);
    pthread_attr_destroy(&thread_attr);
}

static void wd_unlink(edujam_sandbox *sb) {
    for (edujam_sandbox **link = &wd_armed; *link != NULL; link = &(*link)->next_armed) {
        if (*link == sb) { *link = sb->next_armed; break; }
    }
    sb->deadline_ns = 0;
    sb->last_resort_ns = 0;
}

void edujam_arm(edujam_sandbox *sb, uint64_t deadline_ns) {
    pthread_once(&wd_once, wd_start);
    pthread_mutex_lock(&wd_lock);
    wd_unlink(sb);
    sb->deadline_ns = deadline_ns;
    sb->paused = 0;
    sb->next_armed = wd_armed;
    wd_armed = sb;
    /* Wake the watchdog only if it would sleep past this deadline. Calls and
     * answers arm a deadline many times a second; each needless wake-up is two
     * context switches. */
    if (wd_wakes_at == 0 || deadline_ns < wd_wakes_at) {
        wd_wakes_at = deadline_ns;
        pthread_cond_signal(&wd_wake);
    }
    pthread_mutex_unlock(&wd_lock);
}

void edujam_disarm(edujam_sandbox *sb) {
    if (sb->deadline_ns == 0 && !sb->paused) return;  /* only this thread arms it */
    pthread_mutex_lock(&wd_lock);
    wd_unlink(sb);
    sb->paused = 0;
    pthread_mutex_unlock(&wd_lock);
}

void edujam_pause_clock(edujam_sandbox *sb) {
    pthread_mutex_lock(&wd_lock);
    if (sb->deadline_ns != 0) {
        uint64_t now = edujam_now_ns();
        sb->remaining_ns = sb->deadline_ns > now ? sb->deadline_ns - now : 1;
        wd_unlink(sb);
        sb->paused = 1;
    }
    pthread_mutex_unlock(&wd_lock);
}

void edujam_resume_clock(edujam_sandbox *sb) {
    if (!sb->paused) return;
    edujam_arm(sb, edujam_now_ns() + sb->remaining_ns);
}

/* Dispatch's worker threads (Swift concurrency's too) block every signal:
 * unblock ours for the length of the call, then put the mask back. */
static int wd_unblock(void) {
    sigset_t ours, old;
    sigemptyset(&ours);
    sigaddset(&ours, WD_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &ours, &old);
    return sigismember(&old, WD_SIGNAL) == 1;
}

void edujam_enter_thread(edujam_sandbox *sb) {
    sb->signal_was_blocked = wd_unblock();
    sb->thread = pthread_self();
    atomic_store(&sb->running, sb->L);
    sb->outer = tl_calls;
    tl_calls = sb;  /* published last: the handler may run at any instruction */
}

void edujam_leave_thread(edujam_sandbox *sb) {
    tl_calls = sb->outer;
    if (sb->signal_was_blocked) {
        sigset_t ours;
        sigemptyset(&ours);
        sigaddset(&ours, WD_SIGNAL);
        pthread_sigmask(SIG_BLOCK, &ours, NULL);
    }
}
