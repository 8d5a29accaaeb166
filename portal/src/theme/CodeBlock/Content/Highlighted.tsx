/**
 * The original code block content (prism-react-renderer's `Highlight`), memoised: loaded by
 * ./index.tsx when a code block is rendered in the browser (not while a page hydrates).
 */
import {memo, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Content';
import Content from '@theme-original/CodeBlock/Content';
import './prism';

export default memo(Content as (props: Props) => ReactNode);
