// A Trojan Source sample written for charscope's tests: a string that looks like it ends early.
'use strict';
const accessLevel = 'user';
if (accessLevel != 'user‮ ⁦// Check if admin⁩ ⁦') {
  console.log('You are an admin.');
}
