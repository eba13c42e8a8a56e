/**
 * /api/v1 commands: the commands of a bot's blueprint (cipher.blueprint.json), so a command added
 * through the API shows in the Builder and is compiled into the bot's code, as a new version. A
 * command's id is `<bot id>:<slash|prefix>:<name>`. Bots whose code is written by hand have their
 * commands in their code: refused with 409.
 */
import { z } from "zod";

import { ActionRefusal } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { commandSchema, type BlueprintCommand } from "@/lib/blueprint/schema";
import { getBuilderState, saveBlueprint } from "@/lib/blueprint/service";
import { db } from "@/lib/db";

import { botIdParams } from "./bots";
import { endpoint } from "./endpoint";

const commandInput = commandSchema.meta({
  id: "CommandInput",
  description:
    "A command as the Builder writes it: type, name, description, options, permissions, cooldown, subcommands and actions (see the blueprint reference in the docs).",
});

const commandOutput = z
  .object({
    id: z.string().meta({ description: "`<bot id>:<slash|prefix>:<name>`" }),
    botId: z.string(),
    type: z.enum(["slash", "prefix"]),
    name: z.string(),
    description: z.string(),
    command: z.record(z.string(), z.unknown()).meta({ description: "The whole command, as the blueprint holds it." }),
    version: z.number().int().nullable().meta({ description: "The bot version the change saved (writes only)." }),
  })
  .meta({ id: "Command" });

const commandIdParams = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]{1,64}:(slash|prefix):[\w-]{1,32}$/i)
    .meta({ description: "`<bot id>:<slash|prefix>:<name>`", example: "cmbot3x9z0001:slash:roll" }),
});

function commandId(botId: string, command: Pick<BlueprintCommand, "type" | "name">) {
  return `${botId}:${command.type}:${command.name}`;
}

function parseCommandId(id: string) {
  const [botId, type, name] = id.split(":") as [string, "slash" | "prefix", string];
  return { botId, type, name };
}

function toOutput(botId: string, command: BlueprintCommand, version: number | null): z.input<typeof commandOutput> {
  return {
    id: commandId(botId, command),
    botId,
    type: command.type,
    name: command.name,
    description: command.description,
    command: command as unknown as Record<string, unknown>,
    version,
  };
}

/** The bot's blueprint, or a refusal naming why there is none. */
async function blueprintOf(userId: string, botId: string) {
  const state = await getBuilderState(userId, botId);
  if (state.kind === "code") {
    throw new ActionRefusal(
      "This bot's code is written by hand, so its commands live in its code. Commands through the API need a bot made in the Builder or from words; deploy code changes with PUT /bots/{id}/files.",
      { code: "conflict" },
    );
  }
  if (state.kind === "broken") {
    throw new ActionRefusal(
      "This bot's cipher.blueprint.json no longer reads as a blueprint (it was edited by hand). Fix it in the Code tab, or restore an earlier version.",
      { code: "conflict" },
    );
  }
  return state.blueprint;
}

async function save(
  userId: string,
  botId: string,
  blueprint: Awaited<ReturnType<typeof blueprintOf>>,
  label: string,
): Promise<number> {
  const version = await saveBlueprint(userId, botId, { blueprint });
  const bot = await db.bot.findUnique({ where: { id: botId }, select: { name: true } });
  await recordAudit(userId, "bot.saved", { type: "bot", id: botId, label: `${bot?.name ?? ""} · ${label} · API` });
  return version.number;
}

function clash(commands: BlueprintCommand[], candidate: BlueprintCommand, except?: BlueprintCommand) {
  return commands.some(
    (command) => command !== except && command.type === candidate.type && command.name === candidate.name,
  );
}

const taken = (command: BlueprintCommand) =>
  new ActionRefusal(
    `The bot already has ${command.type === "slash" ? "/" : "the prefix command "}${command.name}. Change that one (PUT /commands/{id}) or choose another name.`,
    { code: "conflict" },
  );

export const listCommandsEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/commands",
  operationId: "listCommands",
  summary: "A bot's commands (from its blueprint)",
  tag: "Commands",
  scope: "read",
  params: botIdParams,
  response: z.object({ data: z.array(commandOutput) }).meta({ id: "CommandList" }),
  async handle({ userId, params }) {
    const blueprint = await blueprintOf(userId, params.id);
    return { data: blueprint.commands.map((command) => toOutput(params.id, command, null)) };
  },
});

export const createCommandEndpoint = endpoint({
  method: "POST",
  path: "/bots/{id}/commands",
  operationId: "createCommand",
  summary: "Add a command to a bot",
  description: "Compiled into the bot's code and saved as a new version; it shows in the Builder.",
  tag: "Commands",
  scope: "write",
  params: botIdParams,
  body: commandInput,
  response: commandOutput,
  status: 201,
  async handle({ userId, params, body }) {
    const blueprint = await blueprintOf(userId, params.id);
    if (clash(blueprint.commands, body)) throw taken(body);
    const version = await save(
      userId,
      params.id,
      { ...blueprint, commands: [...blueprint.commands, body] },
      `added ${body.name}`,
    );
    return toOutput(params.id, body, version);
  },
});

async function findCommand(userId: string, id: string) {
  const { botId, type, name } = parseCommandId(id);
  const blueprint = await blueprintOf(userId, botId);
  const found = blueprint.commands.find((command) => command.type === type && command.name === name);
  if (!found) throw new ActionRefusal("This command no longer exists.", { code: "not_found" });
  return { botId, blueprint, found };
}

export const updateCommandEndpoint = endpoint({
  method: "PUT",
  path: "/commands/{id}",
  operationId: "updateCommand",
  summary: "Replace a command",
  description: "The whole command is replaced (its name may change); saved as a new version.",
  tag: "Commands",
  scope: "write",
  params: commandIdParams,
  body: commandInput,
  response: commandOutput,
  async handle({ userId, params, body }) {
    const { botId, blueprint, found } = await findCommand(userId, params.id);
    if (clash(blueprint.commands, body, found)) throw taken(body);
    const commands = blueprint.commands.map((command) => (command === found ? body : command));
    const version = await save(userId, botId, { ...blueprint, commands }, `changed ${found.name}`);
    return toOutput(botId, body, version);
  },
});

export const deleteCommandEndpoint = endpoint({
  method: "DELETE",
  path: "/commands/{id}",
  operationId: "deleteCommand",
  summary: "Remove a command",
  tag: "Commands",
  scope: "write",
  params: commandIdParams,
  async handle({ userId, params }) {
    const { botId, blueprint, found } = await findCommand(userId, params.id);
    await save(
      userId,
      botId,
      { ...blueprint, commands: blueprint.commands.filter((command) => command !== found) },
      `removed ${found.name}`,
    );
  },
});
