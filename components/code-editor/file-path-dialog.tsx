"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { botFileSchema } from "@/lib/bots/schemas";

/** Asks for a file path (new file or rename), checked with the server's own rules. */
export function FilePathDialog({
  open,
  onOpenChange,
  title,
  description,
  initialPath,
  confirmLabel,
  existingPaths,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initialPath: string;
  confirmLabel: string;
  existingPaths: string[];
  onConfirm: (path: string) => void;
}) {
  const [path, setPath] = useState(initialPath);
  const [error, setError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = botFileSchema.shape.path.safeParse(path);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data !== initialPath && existingPaths.includes(parsed.data)) {
      return setError(`There is already a file named ${parsed.data}`);
    }
    onConfirm(parsed.data);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setPath(initialPath);
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="file-path">File path</Label>
            <Input
              id="file-path"
              value={path}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder="commands/ping.js"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "file-path-error" : "file-path-hint"}
              onChange={(event) => {
                setPath(event.target.value);
                setError(undefined);
              }}
              className="font-mono"
            />
            {error ? (
              <p id="file-path-error" className="text-sm text-destructive">
                {error}
              </p>
            ) : (
              <p id="file-path-hint" className="text-xs text-muted-foreground">
                Folders are part of the path, e.g. <span className="font-mono">events/ready.js</span>.
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">{confirmLabel}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
