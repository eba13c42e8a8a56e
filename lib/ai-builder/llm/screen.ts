/**
 * The offline engine's refusals, run on a description before any of it reaches a model: a
 * sentence that asks for a harmful bot or speaks to the builder ("ignore your instructions…") is
 * cut out and reported, so the model never reads it.
 */
import { refusalNote, refusalOf } from "@/lib/ai-builder/offline/refusals";
import { tokenize } from "@/lib/ai-builder/offline/text";
import type { NotUnderstood } from "@/lib/ai-builder/types";

export interface ScreenedDescription {
  /** The description without the refused sentences, in the user's words. */
  kept: string;
  refused: NotUnderstood[];
}

export function screenDescription(description: string): ScreenedDescription {
  const doc = tokenize(description);
  const refused: NotUnderstood[] = [];
  const cuts: [number, number][] = [];
  for (const sentence of doc.sentences) {
    if (!sentence.length) continue;
    const reason = refusalOf(sentence);
    if (!reason) continue;
    const start = sentence[0]!.start;
    const end = sentence[sentence.length - 1]!.end;
    cuts.push([start, end]);
    refused.push(refusalNote(doc.text.slice(start, end).trim(), reason));
  }
  let kept = "";
  let at = 0;
  for (const [start, end] of cuts) {
    kept += doc.text.slice(at, start);
    at = end;
  }
  kept += doc.text.slice(at);
  return { kept: kept.replace(/[ \t]+\n/g, "\n").trim(), refused };
}
