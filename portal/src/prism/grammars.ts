import {withPrismGlobal} from './lend';

let guides: Promise<void> | undefined;
let references: Promise<void> | undefined;

/** Bash, Ruby and TOML (once). */
export function loadGuideGrammars(): Promise<void> {
  guides ??= withPrismGlobal(() => import('./guideGrammars'));
  return guides;
}

/** The guides' grammars and PHP and Java, for the references' code samples (once). */
export function loadReferenceGrammars(): Promise<void> {
  references ??= loadGuideGrammars().then(() => withPrismGlobal(() => import('./referenceGrammars')));
  return references;
}
