// A Trojan Source sample written for charscope's tests: a zero-width joiner inside an identifier.
const isAdmin: boolean = false;
const is‍Admin: boolean = true;
if (is‍Admin) {
  console.log('You are an admin.');
}
