export declare const maxZipBytes: number;
/** The project's files, relative, with "/" separators, in a stable order (.gitignore honoured). */
export declare function projectFiles(root: string): Promise<string[]>;
/** The zip of the project, with what it holds. */
export declare function packProject(root: string): Promise<{ zip: Uint8Array; paths: string[]; bytes: number }>;
