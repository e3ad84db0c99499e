import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorkbook, IMPACT_HEADER, STAKEHOLDER_HEADER } from './workbook';

/**
 * A realistic sample impact framework for the Italian social sector (employment, education,
 * wellbeing, inclusion, environment). The demo data imports it and the admin page offers it as
 * the template. Proxy values are indicative yearly values in euro, with their public source.
 * Run `node --import tsx apps/server/src/modules/impact/sample-workbook.ts` to write
 * docs/sample-impact-framework.xlsx.
 */
export const SAMPLE_FRAMEWORK = {
  name: 'Framework impatto sociale (esempio)',
  description:
    'Esiti, indicatori e proxy finanziarie per progetti del terzo settore: lavoro, istruzione, benessere, inclusione e ambiente.',
};

const ISTAT = ['ISTAT', 'https://www.istat.it/'];
const INPS = ['INPS – Osservatorio', 'https://www.inps.it/'];
const MIUR = ['Ministero dell’Istruzione e del Merito', 'https://www.mim.gov.it/'];
const GVE = ['Global Value Exchange', 'https://www.globalvaluexchange.org/'];
const ISPRA = ['ISPRA', 'https://www.isprambiente.gov.it/'];

type Line = [string, string, string, string, string, string, number, string[]];
const L = (
  outcome: string,
  outcomeDescription: string,
  sdg: string,
  indicator: string,
  indicatorDescription: string,
  proxy: string,
  value: number,
  source: string[],
): Line => [outcome, outcomeDescription, sdg, indicator, indicatorDescription, proxy, value, source];

export const SAMPLE_LINES: Line[] = [
  L(
    'Inserimento lavorativo di persone svantaggiate',
    'Persone fragili che trovano un impiego stabile',
    '8, 10',
    'Persone assunte con contratto di almeno 6 mesi',
    'Numero di persone assunte nell’anno',
    'Reddito annuo da lavoro aggiuntivo',
    14_000,
    INPS,
  ),
  L(
    'Inserimento lavorativo di persone svantaggiate',
    '',
    '',
    'Persone assunte con contratto di almeno 6 mesi',
    '',
    'Risparmio pubblico su sussidi di disoccupazione',
    6_500,
    INPS,
  ),
  L(
    'Inserimento lavorativo di persone svantaggiate',
    '',
    '',
    'Tirocini attivati',
    'Tirocini retribuiti avviati',
    'Indennità di tirocinio e competenze acquisite',
    3_600,
    GVE,
  ),
  L(
    'Aumento delle competenze professionali',
    'Adulti che acquisiscono competenze spendibili',
    '4, 8',
    'Persone certificate',
    'Persone che ottengono una certificazione',
    'Costo di mercato di un corso professionale',
    1_800,
    MIUR,
  ),
  L(
    'Aumento delle competenze professionali',
    '',
    '',
    'Ore di formazione erogate',
    'Ore di formazione per partecipante',
    'Costo orario della formazione professionale',
    25,
    MIUR,
  ),
  L(
    'Riduzione della dispersione scolastica',
    'Ragazzi che restano nel percorso scolastico',
    '4',
    'Studenti a rischio che completano l’anno',
    'Numero di studenti seguiti che non abbandonano',
    'Differenziale di reddito atteso da diploma (annuo)',
    4_200,
    ISTAT,
  ),
  L(
    'Riduzione della dispersione scolastica',
    '',
    '',
    'Ore di doposcuola frequentate',
    'Ore di sostegno allo studio',
    'Costo orario di ripetizioni private',
    20,
    GVE,
  ),
  L(
    'Miglioramento del benessere psicologico',
    'Persone che dichiarano un miglior benessere',
    '3',
    'Partecipanti con punteggio di benessere migliorato',
    'Scala WEMWBS prima e dopo',
    'Valore del miglioramento del benessere (WELLBY)',
    2_900,
    GVE,
  ),
  L(
    'Miglioramento del benessere psicologico',
    '',
    '',
    'Sedute di supporto psicologico',
    'Sedute individuali o di gruppo',
    'Costo di una seduta privata',
    60,
    GVE,
  ),
  L(
    'Riduzione dell’isolamento degli anziani',
    'Anziani soli con una rete di relazioni',
    '3, 10',
    'Anziani coinvolti in attività settimanali',
    'Anziani che partecipano almeno una volta a settimana',
    'Costo evitato di assistenza domiciliare',
    1_500,
    ISTAT,
  ),
  L(
    'Inclusione sociale di persone migranti',
    'Persone migranti che partecipano alla vita della comunità',
    '10, 16',
    'Persone che completano un corso di italiano L2',
    'Livello A2 o superiore raggiunto',
    'Costo di un corso di lingua di 100 ore',
    900,
    MIUR,
  ),
  L(
    'Inclusione sociale di persone migranti',
    '',
    '',
    'Persone orientate ai servizi',
    'Accessi allo sportello di orientamento',
    'Costo di una consulenza di orientamento',
    80,
    GVE,
  ),
  L(
    'Autonomia abitativa',
    'Persone che raggiungono una sistemazione stabile',
    '1, 11',
    'Nuclei in abitazione autonoma',
    'Nuclei che escono dall’emergenza abitativa',
    'Costo evitato di accoglienza in struttura',
    9_000,
    ISTAT,
  ),
  L(
    'Sicurezza alimentare',
    'Famiglie in difficoltà con accesso a cibo sano',
    '2, 1',
    'Pasti distribuiti',
    'Pasti completi erogati',
    'Costo medio di un pasto',
    5,
    ISTAT,
  ),
  L(
    'Riduzione dei rifiuti',
    'Beni recuperati invece di essere smaltiti',
    '12, 13',
    'Tonnellate di beni recuperati',
    'Peso dei beni riutilizzati',
    'Costo evitato di smaltimento per tonnellata',
    180,
    ISPRA,
  ),
  L(
    'Riduzione dei rifiuti',
    '',
    '',
    'Tonnellate di beni recuperati',
    '',
    'Valore delle emissioni di CO₂ evitate',
    90,
    ISPRA,
  ),
  L(
    'Occupazione giovanile',
    'Giovani NEET che entrano nel mercato del lavoro',
    '8, 4',
    'Giovani occupati a 6 mesi dal percorso',
    'Giovani con un contratto attivo dopo 6 mesi',
    'Reddito annuo da lavoro di un giovane',
    12_000,
    INPS,
  ),
  L(
    'Avvio di imprese sociali',
    'Nuove imprese sociali e cooperative sostenibili',
    '8, 9',
    'Imprese avviate e attive dopo un anno',
    'Imprese iscritte al registro e operative',
    'Valore aggiunto medio di una micro impresa',
    35_000,
    ISTAT,
  ),
  L(
    'Parità di genere nel lavoro',
    'Donne che accedono a ruoli qualificati',
    '5, 8',
    'Donne in ruoli di responsabilità',
    'Donne promosse o assunte in ruoli qualificati',
    'Differenziale retributivo annuo',
    5_000,
    ISTAT,
  ),
];

export const SAMPLE_STAKEHOLDERS: string[][] = [
  ['Giovani NEET', 'Giovani tra 15 e 29 anni che non studiano e non lavorano'],
  ['Persone con disabilità', 'Persone con disabilità fisica, psichica o sensoriale'],
  ['Studenti', 'Ragazzi e ragazze delle scuole secondarie'],
  ['Anziani', 'Persone over 65, soprattutto se sole'],
  ['Persone migranti', 'Persone di origine straniera e richiedenti asilo'],
  ['Famiglie in povertà', 'Nuclei familiari in povertà assoluta o relativa'],
  ['Donne', 'Donne in cerca di lavoro o di avanzamento'],
  ['Comunità locale', 'Abitanti e associazioni del territorio'],
];

export function sampleWorkbook(bookType: 'xlsx' | 'xls' = 'xlsx'): Promise<Buffer> {
  const impact = [
    IMPACT_HEADER,
    ...SAMPLE_LINES.map(([o, od, sdg, i, id, p, v, [sn, su]]) => [o, od, sdg, i, id, p, v, sn, su]),
  ];
  return buildWorkbook(impact, [STAKEHOLDER_HEADER, ...SAMPLE_STAKEHOLDERS], bookType);
}

// Run as a script from source only: in the built server every module shares the bundle's URL.
const runAsScript = import.meta.url.endsWith('/sample-workbook.ts');
if (runAsScript && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../../docs/sample-impact-framework.xlsx',
  );
  void sampleWorkbook().then((bytes) => {
    fs.writeFileSync(out, bytes);
    console.log(`wrote ${out}`);
  });
}

/**
 * A large generated framework (benches and load tests): rows / 5 outcomes × 5 indicator/proxy
 * rows, 50 stakeholders; 10,000 rows make a 4 MB workbook.
 */
export function largeFrameworkWorkbook(rows: number): Promise<Buffer> {
  const impact: unknown[][] = [IMPACT_HEADER];
  for (let r = 0; r < rows; r++) {
    const o = Math.floor(r / 5);
    impact.push([
      `Esito ${o}`,
      `Descrizione dell'esito ${o}`,
      `${(o % 17) + 1}, ${((o + 5) % 17) + 1}`,
      `Indicatore ${o}.${r % 5}`,
      'Quantità annua',
      `Proxy ${r}`,
      100 + (r % 900),
      'ISTAT',
      'https://www.istat.it/',
    ]);
  }
  const stakeholders: unknown[][] = [STAKEHOLDER_HEADER];
  for (let s = 0; s < 50; s++) stakeholders.push([`Stakeholder ${s}`, 'Gruppo di beneficiari']);
  return buildWorkbook(impact, stakeholders);
}
