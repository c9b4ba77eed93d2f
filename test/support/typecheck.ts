/**
 * Type-checks generated TypeScript sources in memory with the project's compiler and its installed
 * packages' types, so payload literals can be checked with `satisfies <OfficialType>`.
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Parsed declaration and source files by name, shared by every program of this process: the
 * packages' types (stripe-node's, Octokit's, …) and the lib files do not change during a run, and
 * parsing them again for each program (a positive case and its negative controls) was most of the
 * cost. The virtual files are parsed fresh each time.
 */
const parsed = new Map<string, ts.SourceFile>();

/**
 * Returns the diagnostics of `files` (name → source; names are relative to the project root, e.g.
 * `test/.generated/stripe.ts`, and are never written to disk), formatted one per line. Empty means clean.
 */
export function typecheck(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  };
  const virtual = new Map(Object.entries(files).map(([name, source]) => [path.resolve(root, name), source]));
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const source = virtual.get(path.resolve(fileName));
    if (source !== undefined) return ts.createSourceFile(fileName, source, languageVersion, true);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists(fileName);
  host.readFile = (fileName) => virtual.get(path.resolve(fileName)) ?? readFile(fileName);
  host.getCurrentDirectory = () => root;
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${path.relative(root, d.file.fileName)}:${line + 1}:${character + 1} ${message}`;
  });
}
