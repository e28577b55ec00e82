//! Short work on several threads, put on several CPUs: a helper thread pinned away from the CPU
//! of the thread that spawned it. Its twin is no pinning at all (where the kernel puts the
//! thread), which `CHARSCOPE_SIMD=off` and every system without the calls give.
//!
//! Why: the benchmark machine's kernel packs threads it judges light onto one CPU. `validate`'s
//! check of a 100 MiB file is about 15 ms of work; in one run of three rounds of 10 runs every
//! median had both threads on one CPU (wall time = CPU time, 1.9 times a `dd` read), and a
//! probe of six runs found both threads on one CPU in two. Pinned, the helper always ran on the
//! other CPU. The work stays shared a part at a time, so a helper whose CPU is busy with other
//! work takes fewer parts; nothing waits on it but the part it holds.

/// The CPU the calling thread runs on now, if the system says.
pub(crate) fn current_cpu() -> Option<usize> {
    // SAFETY: sched_getcpu takes nothing and returns -1 on failure.
    let cpu = unsafe { libc::sched_getcpu() };
    usize::try_from(cpu).ok()
}

/// Pins the calling thread to the `k`-th (from 0) of the CPUs this thread may run on other
/// than `avoid` (counting round when there are fewer): for the `k`-th helper of a thread that
/// runs on `avoid`. Does nothing with `CHARSCOPE_SIMD=off`, or when the system refuses.
pub(crate) fn pin_away(avoid: usize, k: usize) {
    if !super::enabled() {
        return;
    }
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: a zeroed cpu_set_t is the empty set; sched_getaffinity and sched_setaffinity
    // read and write at most `size` bytes of it, and CPU_ISSET and CPU_SET check their index
    // against the set's size.
    unsafe {
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, size, &mut allowed) != 0 {
            return;
        }
        let others: Vec<usize> = (0..libc::CPU_SETSIZE as usize)
            .filter(|&cpu| cpu != avoid && libc::CPU_ISSET(cpu, &allowed))
            .collect();
        if others.is_empty() {
            return;
        }
        let mut one: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(others[k % others.len()], &mut one);
        libc::sched_setaffinity(0, size, &one);
    }
}

#[cfg(test)]
mod tests {
    use super::{current_cpu, pin_away};

    /// Twenty helpers in turn, each on another CPU than its spawner's: left to the kernel,
    /// some would run on the spawner's (it puts a new thread beside its parent).
    #[test]
    fn a_helper_runs_on_another_cpu_where_there_is_one() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        if cores < 2 || !super::super::enabled() {
            return;
        }
        for _ in 0..20 {
            let Some(here) = current_cpu() else {
                return;
            };
            let there = std::thread::spawn(move || {
                pin_away(here, 0);
                current_cpu()
            })
            .join()
            .unwrap();
            assert!(there.is_some_and(|c| c != here), "{there:?} {here}");
        }
    }
}
