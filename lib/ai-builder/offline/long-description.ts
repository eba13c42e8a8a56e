/**
 * A long description made of ordinary sentences, each command renamed so none repeats: what the
 * size tests (refusals.test.ts) read and npm run bench:builder times.
 */
/** Sentences of a kind the builder reads every day. */
export const ordinarySentences: readonly string[] = [
  "A /ping command that replies Pong!",
  "/roll rolls a die with an optional number of sides, default 6.",
  "When someone joins, welcome them in #welcome and give them the Member role.",
  "Delete messages with 'heck' and warn them.",
  "Only admins can use /ban and /kick.",
  "every day post 'gm' in #general.",
  "/daily gives 100 coins once a day.",
  "lorem ipsum dolor sit amet, consectetur adipiscing elit.",
];

/** `size` characters of those sentences; `salt` makes the command names differ between calls. */
export function longDescription(size: number, salt: string): string {
  let text = "";
  for (let i = 0; text.length < size; i++)
    text +=
      ordinarySentences[i % ordinarySentences.length]!.replace("/roll", `/roll${salt}${i}`).replace(
        "/ping",
        `/ping${salt}${i}`,
      ) + " ";
  return text.slice(0, size);
}
