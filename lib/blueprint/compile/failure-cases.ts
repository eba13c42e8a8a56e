/**
 * What a compiled bot answers after failed actions, for the runtime tests of both languages
 * (javascript-runtime.test.ts, python-runtime.test.ts): the same sequence gives the same text.
 */
export const failureAnswers = [
  "I couldn't post in #suggestions: there is no such channel.\nI couldn't toggle the Gamer role for you: there is no such role.",
  "Thanks!",
  'I couldn\'t update coins: "lots" is not a number.',
  [1, 2, 3, 4, 5].map((n) => `I couldn't do ${n}.`).join("\n") + "\n2 more actions failed too.",
];
