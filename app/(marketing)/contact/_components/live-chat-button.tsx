"use client";

import { MessageCircle } from "lucide-react";

import { Button } from "@/components/ui/button";
import { openSupportChat } from "@/lib/support/chat-events";

export function LiveChatButton() {
  return (
    <Button type="button" className="w-full" onClick={() => openSupportChat()}>
      <MessageCircle /> Start live chat
    </Button>
  );
}
