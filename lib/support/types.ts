/** Who wrote a support chat message. */
export type ChatRole = "user" | "assistant";

/** One message in the support chat widget (spec §3 "Chat message"). */
export interface ChatMessage {
  id: string;
  content: string;
  role: ChatRole;
  timestamp: Date;
}

/** The two views of the support chat widget (spec §4 "Chat widget"). */
export type SupportChatView = "home" | "chat";
