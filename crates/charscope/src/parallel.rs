//! Work cut in parts, done on threads of their own: the scan of a large text and its search for
//! twins, and the readings of `compare`.

/// `f` of each part, in order: the first on this thread, the others on threads of their own.
pub(crate) fn on_threads<P: Sync, T: Send>(parts: &[P], f: impl Fn(&P) -> T + Sync) -> Vec<T> {
    let Some((first, others)) = parts.split_first() else {
        return Vec::new();
    };
    if others.is_empty() {
        return vec![f(first)];
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
