import type { TPdfExportData } from '@impact/domain';

/** A frozen record for unit tests of what is made from one (PDF, receipt): an organization, no sections unless given. */
export function pdfExportData(overrides: Partial<TPdfExportData> = {}): TPdfExportData {
  return {
    callName: 'Bando di prova',
    configLogo: null,
    configLogoWidth: 50,
    configLogoHeight: 50,
    submittedBy: 'Anna Rossi',
    submissionDateTime: '2026-11-20T10:30:00.000Z',
    submissionId: '11111111-2222-4333-8444-555555555555',
    orgName: 'Ente',
    pIva: '01234567890',
    address: 'Via Roma 1',
    city: 'Torino',
    country: 'IT',
    userReferenteNome: 'Anna',
    userReferenteCognome: 'Rossi',
    userReferenteRuolo: 'Presidente',
    userReferenteEmail: 'anna@ente.example',
    sectionsForPDF: [],
    attachments: [],
    miniDyi: [],
    ...overrides,
  };
}
