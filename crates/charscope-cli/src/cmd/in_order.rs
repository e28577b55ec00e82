//! Work on every core whose results are written in the order of the work: the inputs of `scan`
//! and of `detect`.
//!
//! This thread hands out the jobs as it finds them (the walk of a tree runs while the first
//! files are scanned), then writes the results in order. The workers wake it for a batch of
//! results ready to be written, when one of them waits for room, or at the end, not for each
//! result: a writer woken for every result took a tenth of the time of a scan of 11,500 small
//! files in switches between threads.

use anyhow::{Result, bail};
use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// How many results ready to be written wake the writer.
const BATCH: usize = 16;

/// What the threads share.
struct Shared<J, T> {
    /// The jobs handed out so far (taken by the workers as they start them).
    jobs: Vec<Option<J>>,
    /// Whether every job has been handed out.
    closed: bool,
    /// The index of the next job to take.
    next: usize,
    /// Results not written yet, by the index of their job.
    done: BTreeMap<usize, T>,
    /// How many results are written (or taken to be written): the index of the next one.
    written: usize,
    /// Whether the writer sleeps.
    writer_sleeps: bool,
    /// How many workers there are.
    workers: usize,
    /// How many workers sleep until there is a job, or room to run further ahead.
    workers_sleep: usize,
    /// How many workers have no job left (or stopped).
    workers_done: usize,
    /// Set when writing failed or a worker panicked: the others stop.
    stop: bool,
}

impl<J, T> Shared<J, T> {
    /// How many results are ready to be written, in order, counting up to [`BATCH`].
    fn ready(&self) -> usize {
        (0..BATCH)
            .take_while(|k| self.done.contains_key(&(self.written + k)))
            .count()
    }

    /// Whether the writer has something to do: a batch to write, results to write while a
    /// worker waits, the rest once every worker is done, or the stop.
    fn writer_has_work(&self) -> bool {
        if self.stop || self.workers_done == self.workers {
            return true;
        }
        let ready = self.ready();
        ready == BATCH || self.workers_sleep > 0 && ready > 0
    }

    /// Takes the results ready to be written, in order.
    fn take_ready(&mut self) -> Vec<T> {
        let mut ready = Vec::new();
        loop {
            let at = self.written;
            let Some(result) = self.done.remove(&at) else {
                return ready;
            };
            ready.push(result);
            self.written += 1;
        }
    }
}

/// The shared state, locked (a panic elsewhere leaves it usable: [`PanicAlarm`] stops the work
/// then).
fn lock<J, T>(shared: &Mutex<Shared<J, T>>) -> MutexGuard<'_, Shared<J, T>> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `work` on each job that `produce` hands to the function it is given, on `threads`
/// threads, and hands each result to `write` on this thread, in the order of the jobs. This
/// thread runs `produce` first, writing what is ready between two jobs, then writes the rest.
/// No job starts more than `ahead` jobs after the first result not written yet, which bounds
/// the results kept waiting. The first error of `produce` or `write` stops the work and is
/// returned.
pub fn run<J: Send, T: Send>(
    threads: usize,
    ahead: usize,
    produce: impl FnOnce(&mut dyn FnMut(J) -> Result<()>) -> Result<()>,
    work: impl Fn(J) -> T + Sync,
    mut write: impl FnMut(T) -> Result<()>,
) -> Result<()> {
    if threads <= 1 {
        return produce(&mut |job| write(work(job)));
    }
    let shared = Mutex::new(Shared {
        jobs: Vec::new(),
        closed: false,
        next: 0,
        done: BTreeMap::new(),
        written: 0,
        writer_sleeps: false,
        workers: threads,
        workers_sleep: 0,
        workers_done: 0,
        stop: false,
    });
    let wake_writer = Condvar::new();
    let wake_workers = Condvar::new();
    let nudge = |s: &Shared<J, T>| {
        if s.writer_sleeps && s.writer_has_work() {
            wake_writer.notify_one();
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // A panic stops the others and wakes the writer, which would wait for ever.
                let _alarm = PanicAlarm(&shared, [&wake_writer, &wake_workers]);
                loop {
                    let mut s = lock(&shared);
                    // Sleeps until there is a job, and room to run it.
                    while !s.stop
                        && (s.next >= s.jobs.len() && !s.closed || s.next > s.written + ahead)
                    {
                        s.workers_sleep += 1;
                        nudge(&s);
                        s = wake_workers.wait(s).unwrap_or_else(PoisonError::into_inner);
                        s.workers_sleep -= 1;
                    }
                    let i = s.next;
                    if s.stop || i >= s.jobs.len() {
                        s.workers_done += 1;
                        nudge(&s);
                        return;
                    }
                    s.next += 1;
                    let job = s.jobs[i].take().expect("each job is taken once");
                    drop(s);
                    let result = work(job);
                    let mut s = lock(&shared);
                    s.done.insert(i, result);
                    nudge(&s);
                }
            });
        }
        // A panic of this thread (in `produce` or `write`) stops the workers, which would wait
        // for jobs for ever.
        let _alarm = PanicAlarm(&shared, [&wake_writer, &wake_workers]);
        let result = hand_out_and_write(&shared, &wake_writer, &wake_workers, produce, &mut write);
        if result.is_err() {
            lock(&shared).stop = true;
            wake_workers.notify_all();
        }
        result
    })
}

/// This thread's part: hands out the jobs as `produce` makes them, writing what is ready
/// between two, then sleeps until it has work and writes it, to the end.
fn hand_out_and_write<J, T>(
    shared: &Mutex<Shared<J, T>>,
    wake_writer: &Condvar,
    wake_workers: &Condvar,
    produce: impl FnOnce(&mut dyn FnMut(J) -> Result<()>) -> Result<()>,
    write: &mut impl FnMut(T) -> Result<()>,
) -> Result<()> {
    let produced = produce(&mut |job| {
        let mut s = lock(shared);
        s.jobs.push(Some(job));
        let ready = s.take_ready();
        // Every sleeping worker: one for the job, the others for the room made.
        if s.workers_sleep > 0 {
            wake_workers.notify_all();
        }
        drop(s);
        ready.into_iter().try_for_each(&mut *write)
    });
    let mut s = lock(shared);
    s.closed = true;
    wake_workers.notify_all();
    drop(s);
    produced?;
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
        let ready = s.take_ready();
        if s.workers_sleep > 0 {
            wake_workers.notify_all();
        }
        let finished = s.written == s.jobs.len();
        drop(s);
        ready.into_iter().try_for_each(&mut *write)?;
        if finished {
            return Ok(());
        }
    }
}

/// On a panicking thread's way out: stops the others and wakes every sleeper.
struct PanicAlarm<'a, J, T>(&'a Mutex<Shared<J, T>>, [&'a Condvar; 2]);

impl<J, T> Drop for PanicAlarm<'_, J, T> {
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
    use anyhow::Result;

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
    fn work(n: u64) -> u64 {
        let rounds = if n.is_multiple_of(7) {
            200_000
        } else {
            n % 13 * 1_000
        };
        let mut x = n;
        for _ in 0..rounds {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
        std::hint::black_box(x);
        n
    }

    /// Hands out the jobs `0..count`, with work of its own between some (as a walk has).
    fn jobs(count: u64) -> impl FnOnce(&mut dyn FnMut(u64) -> Result<()>) -> Result<()> {
        move |push| {
            for n in 0..count {
                if n.is_multiple_of(5) {
                    work(n + 1);
                }
                push(n)?;
            }
            Ok(())
        }
    }

    #[test]
    fn every_result_is_written_once_in_order() {
        for threads in [1, 2, 3, 5] {
            for ahead in [0, 1, 4, 16, 64] {
                for count in [0u64, 1, 2, 3, 17, 100] {
                    let written = within_a_minute(move || {
                        let mut written = Vec::new();
                        run(threads, ahead, jobs(count), work, |n| {
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
    fn a_failed_write_or_hand_out_stops_the_work_and_is_the_error() {
        let (result, written) = within_a_minute(|| {
            let mut written = Vec::new();
            let result = run(3, 4, jobs(200), work, |n| {
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
        let result = within_a_minute(|| {
            let produce = |push: &mut dyn FnMut(u64) -> Result<()>| {
                (0..30).try_for_each(&mut *push)?;
                anyhow::bail!("the walk failed")
            };
            run(3, 4, produce, work, |_| Ok(())).map_err(|e| e.to_string())
        });
        assert_eq!(result.unwrap_err(), "the walk failed");
    }

    #[test]
    fn a_panic_in_the_work_is_no_hang() {
        let panicked = within_a_minute(|| {
            std::panic::catch_unwind(|| {
                let fails = |n: u64| {
                    if n == 20 {
                        panic!("job 20 fails");
                    }
                    work(n)
                };
                run(3, 4, jobs(50), fails, |_| Ok(()))
            })
            .is_err()
        });
        assert!(panicked, "the worker's panic comes back from the scope");
        let panicked = within_a_minute(|| {
            std::panic::catch_unwind(|| {
                let produce = |push: &mut dyn FnMut(u64) -> Result<()>| {
                    (0..10).try_for_each(&mut *push)?;
                    panic!("the walk fails")
                };
                run(3, 4, produce, work, |_| Ok(()))
            })
            .is_err()
        });
        assert!(panicked, "the producer's panic comes back");
    }
}
