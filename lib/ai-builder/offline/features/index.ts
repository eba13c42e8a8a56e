/**
 * Every recogniser the offline builder has, in the order they are tried: the first command
 * feature whose words match a clause makes the command, so the more specific come first.
 */
import type { CommandFeature } from "../parts";
import {
  automodFollowUpRecogniser,
  bannedWordsRecogniser,
  capsRecogniser,
  inviteLinksRecogniser,
  massMentionRecogniser,
} from "./automod";
import { chooseFeature, coinFeature, diceFeature, eightBallFeature, replyFeature, rpsFeature } from "./basic";
import { channelReactionsRecogniser } from "./channel-reactions";
import { pollFeature, selfRolesFeature, suggestFeature } from "./community";
import { convertFeature } from "./convert";
import {
  balanceFeature,
  betFeature,
  counterFeature,
  dailyFeature,
  leaderboardFeature,
  payFeature,
  rankFeature,
  resetCounterFeature,
  workFeature,
} from "./economy";
import { exclusiveFollowUpRecogniser, exclusiveRolesFeature } from "./exclusive-roles";
import { formFeature } from "./forms";
import { formulaFeature, numberListFeature, roundingRecogniser } from "./formulas";
import {
  announceFeature,
  avatarFeature,
  helpFeature,
  sayFeature,
  serverInfoFeature,
  textTransformFeature,
  userInfoFeature,
} from "./info";
import { personalListFeature } from "./lists";
import { calculatorFeature, customCommandsFeature, faqFeature, lookupFeature } from "./lookups";
import { membersRecogniser, reactionRolesRecogniser, type ClauseRecogniser } from "./members";
import {
  messageCountFeature,
  messageCountRecogniser,
  responderRecogniser,
  scheduleRecogniser,
  xpRecogniser,
} from "./messages";
import {
  banFeature,
  giveRoleFeature,
  kickFeature,
  lockFeature,
  purgeFeature,
  slowmodeFeature,
  tempRoleFeature,
  tempRoleFollowUpRecogniser,
  timeoutFeature,
  unbanFeature,
  unlockFeature,
  untimeoutFeature,
} from "./moderation";
import { reactionCountRecogniser } from "./reaction-count";
import { reminderFeature, remindersListFeature } from "./reminders";
import { giveRepFeature, showRepFeature } from "./reputation";
import { tagsFeature } from "./tags";
import {
  claimTicketFeature,
  closeFeature,
  ticketFeature,
  ticketFollowUpRecogniser,
  ticketMemberFeature,
} from "./tickets";
import { voteFeature, voteResultsFeature } from "./votes";
import { clearWarningsFeature, warnFeature, warningsFeature } from "./warnings";

/** Most specific first: the first whose words match a clause makes the command. */
export const commandFeatures: readonly CommandFeature[] = [
  ticketFeature,
  closeFeature,
  ticketMemberFeature,
  claimTicketFeature,
  exclusiveRolesFeature,
  selfRolesFeature,
  tagsFeature,
  personalListFeature,
  formFeature,
  customCommandsFeature,
  faqFeature,
  numberListFeature,
  formulaFeature,
  convertFeature,
  lookupFeature,
  calculatorFeature,
  voteFeature,
  voteResultsFeature,
  pollFeature,
  suggestFeature,
  reminderFeature,
  remindersListFeature,
  eightBallFeature,
  diceFeature,
  coinFeature,
  rpsFeature,
  userInfoFeature,
  serverInfoFeature,
  avatarFeature,
  helpFeature,
  announceFeature,
  warnFeature,
  warningsFeature,
  clearWarningsFeature,
  tempRoleFeature,
  giveRoleFeature,
  kickFeature,
  unbanFeature,
  banFeature,
  untimeoutFeature,
  timeoutFeature,
  purgeFeature,
  unlockFeature,
  lockFeature,
  slowmodeFeature,
  messageCountFeature,
  showRepFeature,
  giveRepFeature,
  leaderboardFeature,
  balanceFeature,
  dailyFeature,
  workFeature,
  betFeature,
  payFeature,
  rankFeature,
  resetCounterFeature,
  counterFeature,
  chooseFeature,
  sayFeature,
  textTransformFeature,
  replyFeature,
];

/** Names that say little on their own: what the clause describes wins over them. */
export const weakNames = new Set([
  "info",
  "add",
  "remove",
  "ask",
  "question",
  "tag",
  "user",
  "server",
  "profile",
  "stats",
  "count",
  "top",
  "level",
  "random",
  "choice",
  "support",
  "reward",
  "claim",
  "give",
  "send",
  "mine",
  "fish",
  "job",
  "done",
  "resolve",
  "role",
  "roles",
  "say",
  "hi",
  "hey",
  "hello",
  "coins",
  "money",
  "points",
  "credits",
  "gems",
  "cash",
  "bank",
  "icon",
  "idea",
  "feedback",
  "vote",
  "timer",
  "click",
  "slow",
  "clean",
  "clear",
  "lookup",
  "wiki",
  "math",
  "compute",
  "custom",
  "reset",
  "pick",
  "choose",
  "decide",
  "speak",
  "earn",
]);

export const clauseRecognisers: readonly ClauseRecogniser[] = [
  membersRecogniser,
  reactionRolesRecogniser,
  inviteLinksRecogniser,
  capsRecogniser,
  massMentionRecogniser,
  bannedWordsRecogniser,
  automodFollowUpRecogniser,
  reactionCountRecogniser,
  channelReactionsRecogniser,
  responderRecogniser,
  messageCountRecogniser,
  xpRecogniser,
  scheduleRecogniser,
  ticketFollowUpRecogniser,
  exclusiveFollowUpRecogniser,
  roundingRecogniser,
  tempRoleFollowUpRecogniser,
];
