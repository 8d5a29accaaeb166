// Replaces the original (no @theme-original): it renders the config's raw HTML, and the bar's text must be <Translate>d instead.
/**
 * Swizzled (ejected) from @docusaurus/theme-classic so that the announcement is translated
 * like every other UI string; the upstream component renders the raw HTML from the config.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import type {Props} from '@theme/AnnouncementBar/Content';

import styles from './styles.module.css';

/** The command the announcement names: code, the same in every language. */
const SANDBOX_COMMAND = 'make run';

export default function AnnouncementBarContent(props: Props): ReactNode {
  return (
    <div {...props} className={clsx(styles.content, props.className)}>
      <Translate
        id="announcementBar.sandbox"
        values={{
          command: <code>{SANDBOX_COMMAND}</code>,
          link: (
            <Link to="/docs">
              <Translate id="announcementBar.sandbox.link">Start with the guides</Translate>
            </Link>
          ),
        }}>
        {'Try every call against a local sandbox: {command} prints test keys. {link}'}
      </Translate>
    </div>
  );
}
