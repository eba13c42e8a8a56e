"use client";

import { unifiedMergeView } from "@codemirror/merge";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import CodeMirror from "@uiw/react-codemirror";
import { useMemo } from "react";

import { languageExtensions } from "./languages";

/**
 * A read-only unified diff: `before` is shown as removed lines, `after` as the document with its
 * added lines marked. Long unchanged stretches are collapsed.
 */
export default function UnifiedDiffPane({
  path,
  before,
  after,
  label,
}: {
  path: string;
  before: string;
  after: string;
  label: string;
}) {
  const extensions = useMemo(
    () => [
      ...languageExtensions(path).slice(0, 1),
      unifiedMergeView({ original: before, mergeControls: false, collapseUnchanged: { margin: 3, minSize: 6 } }),
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.contentAttributes.of({ "aria-label": label }),
      EditorView.theme({
        "&": { fontSize: "13px" },
        // The default markers (⦚) are missing from most UI fonts.
        ".cm-collapsedLines:before, .cm-collapsedLines:after": { content: '""' },
      }),
    ],
    [path, before, label],
  );
  return (
    <CodeMirror
      value={after}
      extensions={extensions}
      theme="dark"
      basicSetup={{ foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false }}
    />
  );
}
