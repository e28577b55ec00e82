//! Work cut in parts, done on threads of their own: the scan of a large text and its search for
//! twins, and the readings of `compare`. Without the `native` feature (a WebAssembly build,
//! which has no threads) every part is done in turn on the calling thread, with the same result.

/// How many threads work may be shared among: the machine's cores, or 1 without the `native`
/// feature.
pub(crate) fn cores() -> usize {
    if cfg!(feature = "native") {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    }
}

/// Whether work may be given to threads of its own (the `native` feature).
pub(crate) const THREADS: bool = cfg!(feature = "native");

/// `f` of each part, in order: the first on this thread, the others on threads of their own (or,
/// without the `native` feature, all on this thread).
pub(crate) fn on_threads<P: Sync, T: Send>(parts: &[P], f: impl Fn(&P) -> T + Sync) -> Vec<T> {
    let Some((first, others)) = parts.split_first() else {
        return Vec::new();
    };
    if others.is_empty() || !THREADS {
        return parts.iter().map(f).collect();
    }
    std::thread::scope(|scope| {
        let f = &f;
        let others: Vec<_> = others
            .iter()
            .map(|part| scope.spawn(move || f(part)))
            .collect();
        let mut done = vec![f(first)];
        done.extend(
            others
                .into_iter()
                .map(|t| t.join().expect("a worker thread panicked")),
        );
        done
    })
}

/// The CPU the calling thread runs on, for [`pin_helper`] (Linux with the `native` feature;
/// elsewhere `None`).
pub(crate) fn spawner_cpu() -> Option<usize> {
    #[cfg(all(feature = "native", target_os = "linux"))]
    return crate::simd::spread::current_cpu();
    #[cfg(not(all(feature = "native", target_os = "linux")))]
    None
}

/// Puts the calling thread, the `k`-th helper (from 0) of a thread that ran on CPU `spawner`,
/// on a CPU of its own where it can (`simd::spread`): for short work that the kernel would
/// otherwise put on its spawner's CPU.
pub(crate) fn pin_helper(spawner: Option<usize>, k: usize) {
    #[cfg(all(feature = "native", target_os = "linux"))]
    if let Some(cpu) = spawner {
        crate::simd::spread::pin_away(cpu, k);
    }
    #[cfg(not(all(feature = "native", target_os = "linux")))]
    let _ = (spawner, k);
}
