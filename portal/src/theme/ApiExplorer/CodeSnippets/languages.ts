/**
 * Prism grammars that only the reference code samples need (PHP, Java), registered when the
 * samples load rather than on every page. Docusaurus registers `prism.additionalLanguages` in
 * its start-up module, and each grammar built with `insertBefore` walks every grammar already
 * known: on Lighthouse's phone, PHP and Java made about a third of the 0.2 s that Prism takes
 * before a guide can hydrate. The guides' own languages (bash, ruby, toml) stay in the config.
 *
 * Prism's language files expect a global `Prism`; prism-react-renderer keeps its own instance,
 * so it is lent as the global while the files run, as Docusaurus's prism-include-languages does.
 */
// Prism with the guides' languages (bash for curl, ruby …), started if no code block has yet.
import {Prism} from '../../CodeBlock/Content/prism';

const global = globalThis as {Prism?: unknown};
let loaded: Promise<void> | undefined;

export default function loadReferenceLanguages(): Promise<void> {
  loaded ??= (async () => {
    const before = global.Prism;
    global.Prism = Prism;
    try {
      await import('./prismGrammars');
    } finally {
      if (before === undefined) delete global.Prism;
      else global.Prism = before;
    }
  })();
  return loaded;
}
