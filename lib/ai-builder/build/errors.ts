import { ActionRefusal } from "@/lib/actions";

/** Why a build (or a change's review) cannot go on, in words for the user. */
export class BuildRefusedError extends ActionRefusal {}
