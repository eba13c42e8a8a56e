"use client";

import { EditorView } from "@codemirror/view";
import CodeMirror from "@uiw/react-codemirror";
import { useMemo } from "react";

import { languageExtensions } from "./languages";

const layout = EditorView.theme({
  "&": { height: "100%", fontSize: "13px" },
  ".cm-scroller": { fontFamily: "var(--font-mono, ui-monospace), monospace" },
});

/**
 * One file in CodeMirror 6: highlighting for its language, bracket matching, search (Ctrl/⌘+F),
 * folding, and syntax diagnostics. Loaded on demand (it is the heaviest part of the page).
 */
export default function CodeMirrorPane({
  path,
  value,
  onChange,
  readOnly = false,
  label,
  onPaste,
}: {
  path: string;
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  label: string;
  /** Told what was pasted (the paste itself goes ahead). */
  onPaste?: (text: string) => void;
}) {
  const extensions = useMemo(
    () => [
      ...languageExtensions(path),
      layout,
      EditorView.contentAttributes.of({ "aria-label": label }),
      EditorView.domEventHandlers({
        paste(event) {
          const text = event.clipboardData?.getData("text/plain");
          if (text) onPaste?.(text);
          return false;
        },
      }),
    ],
    [path, label, onPaste],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme="dark"
      height="100%"
      className="h-full"
      readOnly={readOnly}
      basicSetup={{ tabSize: 2, highlightActiveLine: !readOnly }}
    />
  );
}
