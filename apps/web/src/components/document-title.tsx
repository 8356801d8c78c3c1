// The browser tab's title names the screen (WCAG 2.4.2): rendered beside each page's h1, with its text.
import { useEffect } from 'react';

const PRODUCT_TITLE = document.title;

export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · ClinicalAI`;
    return () => {
      document.title = PRODUCT_TITLE;
    };
  }, [title]);
  return null;
}
