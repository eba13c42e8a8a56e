/**
 * A form (modal) a command opens: '/apply opens a form called "Staff Application" asking for your
 * age and why you want to be staff. When it's submitted, post the answers in #applications and
 * tell them privately that we got it.' The fields are the things it asks for; what happens on
 * submission is read from the sentence after it.
 */
import type { Action } from "@/lib/blueprint/schema";

import { capitalise, reply, send, type CommandFeature, type CommandPart } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const askWords = ["asking", "asks", "ask", "fields", "field", "questions"];
const lead = new Set(["your", "their", "his", "her", "the", "a", "an", "for", "about", "them", "of"]);

/** "asking for your age and why you want to be staff" → ["Age", "Why you want to be staff"]. */
function fieldsAsked(reader: Reader): { labels: string[]; tokens: Token[] } {
  const ask = reader.tokens.find((t) => askWords.includes(t.lower));
  if (!ask) return { labels: [], tokens: [] };
  const items: Token[][] = [[]];
  const used: Token[] = [ask];
  for (const token of reader.after(ask)) {
    if (token.kind === "command" || [".", ";", "!", "?"].includes(token.lower) || token.lineStart) break;
    used.push(token);
    if (token.lower === "," || token.lower === "and") items.push([]);
    else items[items.length - 1]!.push(token);
  }
  const labels = items
    .map((item) => {
      let from = 0;
      while (from < item.length - 1 && lead.has(item[from]!.lower)) from++;
      const words = item.slice(from);
      return words.length ? capitalise(reader.doc.text.slice(words[0]!.start, words[words.length - 1]!.end)) : "";
    })
    .filter(Boolean)
    .map((label) => label.slice(0, 45))
    .slice(0, 5);
  return { labels, tokens: used };
}

export const formFeature: CommandFeature = {
  id: "form",
  category: "tickets",
  names: ["apply", "application", "form", "signup", "register"],
  defaultName: "apply",
  cue: (reader) => reader.has("form modal") && reader.has("open opens show shows"),
  implicit: false,
  build({ reader, name, type, draft }) {
    if (type !== "slash" || !reader.has("form modal")) return [];
    const named = reader.tokens.find(
      (t, i) => t.kind === "quote" && ["called", "named", "titled"].includes(reader.tokens[i - 1]?.lower ?? ""),
    );
    const title = (named?.text ?? "Form").trim().slice(0, 45) || "Form";
    const asked = fieldsAsked(reader);
    if (!asked.labels.length) return [];
    reader.claim(named, ...asked.tokens);
    reader.claimWords("open opens show shows form modal called named titled");
    const id = `form_${name.replace(/[^a-z0-9_]/g, "_")}`.slice(0, 32);
    const fields = asked.labels.map((label, i) => ({
      id: `answer_${i + 1}`,
      label,
      style: (/^(why|what|how|describe|tell)\b/i.test(label) || label.split(" ").length > 4 ? "paragraph" : "short") as
        "paragraph" | "short",
      required: true,
    }));
    // What happens on submission: the next sentence ("When it's submitted, post the answers in #applications…").
    const last = reader.tokens[reader.tokens.length - 1]!;
    const rest = reader.doc.tokens.slice(last.index + 1, last.index + 40);
    const upTo = rest.findIndex(
      (t, i) => t.kind === "command" || (i > 0 && [".", "!", "?"].includes(t.lower) && rest[i - 1]),
    );
    const next = reader.part(upTo < 0 ? rest : rest.slice(0, upTo + 1));
    const submitted = next.has("submit submitted submits send sent fill filled");
    const actions: Action[] = [];
    const said: string[] = [];
    if (submitted) {
      const channel = next.channel();
      if (channel) {
        next.claim(...channel.tokens);
        const answers = fields.map((field) => `**${field.label}:** {field.${field.id}}`).join("\n");
        actions.push(send(channel.ref, `New ${title} from {user.mention}\n${answers}`));
        said.push(`posts the answers in ${channel.ref}`);
      }
      if (next.has("privately tell tells thank thanks")) {
        actions.push(reply(`Thanks, we got your ${title.toLowerCase()}.`, next.has("privately only")));
        said.push(`tells them ${next.has("privately only") ? "privately " : ""}that it was received`);
      }
      next.claimWords(
        "when it's it is submitted submit post posts the answers answer in and tell tells them privately that we got it thank thanks",
      );
    }
    if (!actions.length) actions.push(reply(`Thanks, we got your ${title.toLowerCase()}.`, true));
    draft.events.push({
      event: { on: "modalSubmit", modal: id, actions },
      plan: `When the ${title} form is submitted: ${said.length ? said.join(" and ") : "thanks them privately"}`,
      category: "tickets",
      clause: reader.clause,
    });
    const command = {
      name,
      type,
      description: `Open the ${title} form`.slice(0, 100),
      options: [],
      subcommands: [],
      actions: [{ do: "showModal" as const, modal: { id, title, fields } }],
      permissions: [],
    };
    const part: CommandPart = {
      command,
      summary: `opens the form "${title}" (${fields.map((f) => f.label).join(", ")})`,
      category: "tickets",
      strength: 3,
      clause: null,
      feature: "form",
    };
    return [part];
  },
};
