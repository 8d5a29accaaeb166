/**
 * Loads Prism grammar files into prism-react-renderer's Prism.
 *
 * Prism's language files expect a global `Prism`; prism-react-renderer keeps its own instance,
 * so it is lent as the global while the files run, as Docusaurus's prism-include-languages does.
 * The portal loads grammars with the code that highlights (code blocks, the references' code
 * samples) rather than at start-up: see src/theme/CodeBlock/Content.
 */
import {Prism} from 'prism-react-renderer';

const global = globalThis as {Prism?: unknown};

export async function withPrismGlobal(load: () => Promise<unknown>): Promise<void> {
  const before = global.Prism;
  global.Prism = Prism;
  try {
    await load();
  } finally {
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
}
