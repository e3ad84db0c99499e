import { describe, expect, it } from 'vitest';
import { filesOfRecord } from './submitted-files';

const CLOSED = new Date('2027-01-20T10:00:00Z');
const before = new Date('2027-01-19T10:00:00Z');
const after = new Date('2027-01-25T10:00:00Z');
const file = (n: number, fileName: string, createdAt: Date) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fileName,
  createdAt,
});
const attachment = (attachmentTitle: string, fileName: string, fileDownloadId?: string) => ({
  attachmentTitle,
  fileName,
  description: '',
  stepName: 'Documents',
  ...(fileDownloadId ? { fileDownloadId } : {}),
});
const record = (...attachments: ReturnType<typeof attachment>[]) => ({ data: { attachments }, closedAt: CLOSED });

describe('the files a frozen record lists', () => {
  const sent = file(1, 'budget.pdf', before);
  const draft = file(2, 'budget.pdf', after);

  it('are named by id, so a draft of the same name is not among them', () => {
    expect(filesOfRecord(record(attachment('Budget', 'budget.pdf', sent.id)), [sent, draft])).toEqual([sent]);
  });

  it('in a record frozen before ids were kept, by file name among the files older than the record', () => {
    // A draft of the same name uploaded after it was frozen is not what was sent.
    expect(filesOfRecord(record(attachment('Budget', 'budget.pdf')), [sent, draft])).toEqual([sent]);
    // An evidence file's title is its indicator's name, not its slot: the name still finds it.
    const evidence = file(3, 'register.pdf', before);
    expect(filesOfRecord(record(attachment('Young people employed', 'register.pdf')), [sent, evidence])).toEqual([
      evidence,
    ]);
    expect(filesOfRecord(record(), [sent, evidence])).toEqual([]);
  });
});
