import type { ReactNode } from 'react';
import { ButtonLink } from '../components/button-link.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageEndings, pageIntros } from '../content/pages.ts';
import { paths } from '../shared/navigation/paths.ts';
import { PageEnding } from './page-ending.tsx';

type InnerPageName = keyof typeof pageEndings;

interface InnerPageProps {
  page: InnerPageName;
  /** The page the ending's first button leads to; without it, the ending offers only the way home. */
  next?: string;
  children: ReactNode;
}

/**
 * The frame the inner pages share (docs/requirements.md, "Screens and routes"): the opening band, the page's sections,
 * and the ending with its routes onward (the next page, and home).
 */
export function InnerPage({ page, next, children }: InnerPageProps) {
  const intro = pageIntros[page];
  const ending = pageEndings[page];
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
        {intro.intro}
      </PageIntro>
      {children}
      <PageEnding title={ending.title} text={ending.text}>
        {next && 'next' in ending ? (
          <ButtonLink href={next} variant="onDark">
            {ending.next}
          </ButtonLink>
        ) : null}
        <ButtonLink href={paths.Index} variant={next ? 'ghostOnDark' : 'onDark'}>
          {ending.home}
        </ButtonLink>
      </PageEnding>
    </>
  );
}
