import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadLegal } from '../company/company.server.ts';
import '../company/english.ts';
import { LegalDocumentView } from '../legal/LegalDocument.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadLegal(args);
}

/** /cookie-policy, /privacy-policy, /terms-of-use, /terms-for-partners, /kyc-aml. */
export default function Legal() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalDocumentView document={document} />;
}
