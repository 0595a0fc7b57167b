import type * as React from 'react';
import { env } from '@/config/env';
import { PublicLayout } from './public-layout';

/** How to reach the operator of this Selah service, as a sentence fragment. */
export function ContactLine() {
  return env.CONTACT_EMAIL ? (
    <>
      by e-mail at{' '}
      <a href={`mailto:${env.CONTACT_EMAIL}`} className="text-primary underline underline-offset-4">
        {env.CONTACT_EMAIL}
      </a>
    </>
  ) : (
    <>through the contact address published by the operator of this Selah service</>
  );
}

/** A readable long-form page (Terms of Service, Privacy Policy). */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: React.ReactNode;
}) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 md:py-16 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_li]:mt-1 [&_p]:mt-3 [&_p]:leading-7 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ul]:leading-7">
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated: {updated}</p>
        {children}
      </article>
    </PublicLayout>
  );
}
