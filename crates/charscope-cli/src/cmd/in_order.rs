//! Work on every core whose results are written in the order of the work: `scan`'s inputs.
//!
//! The workers wake the writing thread for a batch of results ready to be written, when one of
//! them waits for room, or at the end, not for each result: a writer woken for every result
//! took a tenth of the time of a scan of 11,500 small files in switches between threads.

use anyhow::{Result, bail};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// How many results ready to be written wake the writer.
const BATCH: usize = 16;

/// What the threads share.
struct Shared<T> {
    /// Results not written yet, by the index of their job.
    done: BTreeMap<usize, T>,
    /// How many results are written (or taken to be written): the index of the next one.
    written: usize,
    /// Whether the writer sleeps.
    writer_sleeps: bool,
    /// How many workers there are.
    workers: usize,
    /// How many workers sleep until they may run further ahead.
    workers_sleep: usize,
    /// How many workers have no job left (or stopped).
    workers_done: usize,
    /// Set when writing failed or a worker panicked: the others stop.
    stop: bool,
}

impl<T> Shared<T> {
    /// How many results are ready to be written, in order, counting up to [`BATCH`].
    fn ready(&self) -> usize {
        (0..BATCH)
            .take_while(|k| self.done.contains_key(&(self.written + k)))
            .count()
    }

    /// Whether the writer has something to do: a batch to write, results to write while a
    /// worker waits for room, the rest once every worker is done, or the stop.
    fn writer_has_work(&self) -> bool {
        self.stop
            || self.workers_done == self.workers
            || self.ready() == BATCH
            || self.workers_sleep > 0 && self.ready() > 0
    }
}

/// The shared state, locked (a panic elsewhere leaves it usable: [`PanicAlarm`] stops the work
/// then).
fn lock<T>(shared: &Mutex<Shared<T>>) -> MutexGuard<'_, Shared<T>> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `work` on each of `jobs` on `threads` threads and hands each result to `write` on this
/// thread, in the order of `jobs`. No job starts more than `ahead` jobs after the first result
/// not written yet, which bounds the results kept waiting. The first error of `write` stops the
/// work and is returned.
pub fn run<J: Sync, T: Send>(
    jobs: &[J],
    threads: usize,
    ahead: usize,
    work: impl Fn(&J) -> T + Sync,
    mut write: impl FnMut(T) -> Result<()>,
) -> Result<()> {
    let threads = threads.min(jobs.len());
    if threads <= 1 {
        for job in jobs {
            write(work(job))?;
        }
        return Ok(());
    }
    let shared = Mutex::new(Shared {
        done: BTreeMap::new(),
        written: 0,
        writer_sleeps: false,
        workers: threads,
        workers_sleep: 0,
        workers_done: 0,
        stop: false,
    });
    let wake_writer = Condvar::new();
    let room = Condvar::new();
    let next = AtomicUsize::new(0);
    let nudge = |s: &Shared<T>| {
        if s.writer_sleeps && s.writer_has_work() {
            wake_writer.notify_one();
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // A panic stops the others and wakes the writer, which would wait for ever.
                let _alarm = PanicAlarm(&shared, [&wake_writer, &room]);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let mut s = lock(&shared);
                    while i < jobs.len() && i > s.written + ahead && !s.stop {
                        s.workers_sleep += 1;
                        nudge(&s);
                        s = room.wait(s).unwrap_or_else(PoisonError::into_inner);
                        s.workers_sleep -= 1;
                    }
                    if i >= jobs.len() || s.stop {
                        s.workers_done += 1;
                        nudge(&s);
                        return;
                    }
                    drop(s);
                    let result = work(&jobs[i]);
                    let mut s = lock(&shared);
                    s.done.insert(i, result);
                    nudge(&s);
                }
            });
        }
        let result = write_in_order(jobs.len(), &shared, &wake_writer, &room, &mut write);
        if result.is_err() {
            lock(&shared).stop = true;
            room.notify_all();
        }
        result
    })
}

/// The writer's part: sleeps until it has work, writes the results ready, and makes room for
/// the workers.
fn write_in_order<T>(
    count: usize,
    shared: &Mutex<Shared<T>>,
    wake_writer: &Condvar,
    room: &Condvar,
    write: &mut impl FnMut(T) -> Result<()>,
) -> Result<()> {
    loop {
        let mut s = lock(shared);
        while !s.writer_has_work() {
            s.writer_sleeps = true;
            s = wake_writer.wait(s).unwrap_or_else(PoisonError::into_inner);
            s.writer_sleeps = false;
        }
        if s.stop {
            bail!("a scanning thread stopped");
        }
        let mut ready = Vec::new();
        while let Some(result) = {
            let at = s.written;
            s.done.remove(&at)
        } {
            ready.push(result);
            s.written += 1;
        }
        if s.workers_sleep > 0 {
            room.notify_all();
        }
        let finished = s.written == count;
        drop(s);
        for result in ready {
            write(result)?;
        }
        if finished {
            return Ok(());
        }
    }
}

/// On a panicking worker's way out: stops the others and wakes every sleeper.
struct PanicAlarm<'a, T>(&'a Mutex<Shared<T>>, [&'a Condvar; 2]);

impl<T> Drop for PanicAlarm<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(self.0).stop = true;
            for sleepers in self.1 {
                sleepers.notify_all();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::run;

    /// `f`'s value, or a failure if it has not come within a minute: a lost wake-up hangs
    /// rather than fails, and must not hang the test run. (A guard against hangs, not a
    /// measure of speed: the work takes milliseconds.)
    fn within_a_minute<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || send.send(f()));
        receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the work is done, not hung")
    }

    /// Work of uneven length: some jobs take far longer than others.
    fn work(&n: &u64) -> u64 {
        let rounds = if n % 7 == 0 { 200_000 } else { n % 13 * 1_000 };
        let mut x = n;
        for _ in 0..rounds {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
        std::hint::black_box(x);
        n
    }

    #[test]
    fn every_result_is_written_once_in_order() {
        for threads in [1, 2, 3, 5] {
            for ahead in [0, 1, 4, 16, 64] {
                for count in [0u64, 1, 2, 3, 17, 100] {
                    let written = within_a_minute(move || {
                        let jobs: Vec<u64> = (0..count).collect();
                        let mut written = Vec::new();
                        run(&jobs, threads, ahead, work, |n| {
                            written.push(n);
                            Ok(())
                        })
                        .map(|()| written)
                        .map_err(|e| e.to_string())
                    })
                    .unwrap();
                    let want: Vec<u64> = (0..count).collect();
                    assert_eq!(written, want, "{threads} threads, {ahead} ahead");
                }
            }
        }
    }

    #[test]
    fn a_failed_write_stops_the_work_and_is_the_error() {
        let (result, written) = within_a_minute(|| {
            let jobs: Vec<u64> = (0..200).collect();
            let mut written = Vec::new();
            let result = run(&jobs, 3, 4, work, |n| {
                if n == 50 {
                    anyhow::bail!("the sink is closed");
                }
                written.push(n);
                Ok(())
            });
            (result.map_err(|e| e.to_string()), written)
        });
        assert_eq!(result.unwrap_err(), "the sink is closed");
        assert_eq!(written, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn a_panic_in_the_work_is_no_hang() {
        let panicked = within_a_minute(|| {
            std::panic::catch_unwind(|| {
                let jobs: Vec<u64> = (0..50).collect();
                run(
                    &jobs,
                    3,
                    4,
                    |&n| {
                        if n == 20 {
                            panic!("job 20 fails");
                        }
                        work(&n)
                    },
                    |_| Ok(()),
                )
            })
            .is_err()
        });
        assert!(panicked, "the worker's panic comes back from the scope");
    }
}
