// Replaces the original (no @theme-original): the link's visible text is what changes, and it is inside the original.
/**
 * The link from a post's excerpt on the blog's list to the whole post, named by its visible text
 * ("Read more about <the post's title>", theme-classic's own translated label) instead of a bare
 * "Read more" with that name only in `aria-label`. Lighthouse's SEO audit reads the text:
 * "Read more" is not descriptive link text (link-text, issue 36), and a reader skimming links
 * sees which post each one opens. Otherwise the original, theme-classic 3.10.2.
 */
import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import type {Props} from '@theme/BlogPostItem/Footer/ReadMoreLink';

export default function BlogPostItemFooterReadMoreLink({blogPostTitle, ...linkProps}: Props): ReactNode {
  return (
    <Link {...linkProps}>
      <b>
        {translate(
          {
            message: 'Read more about {title}',
            id: 'theme.blog.post.readMoreLabel',
            description: 'The ARIA label for the link to full blog posts from excerpts',
          },
          {title: blogPostTitle},
        )}
      </b>
    </Link>
  );
}
