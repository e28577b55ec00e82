// A sample written for charscope's tests: identifiers that differ by a variation selector
// after their last letter (drawn as nothing, and kept in JavaScript names), and one hidden
// in a name of Hangul fillers, as invisible backdoors do.
let isAdmin = false;
let isAdmin︀ = true;
if (isAdmin︀) { grantAll(); }
const { timeout, ㅤ } = request.query;
run(ㅤ);
// An emoji with its presentation selector is fine: ❤️
