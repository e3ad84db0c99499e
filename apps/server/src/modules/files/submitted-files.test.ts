import { describe, expect, it } from 'vitest';
import { filesOfRecord } from './submitted-files';

const file = (id: string, name: string, fileName: string) => ({ id, name, fileName });
const attachment = (attachmentTitle: string, fileName: string, fileDownloadId?: string) => ({
  attachmentTitle,
  fileName,
  description: '',
  stepName: 'Documents',
  ...(fileDownloadId ? { fileDownloadId } : {}),
});

describe('the files a frozen record lists', () => {
  const sent = file('00000000-0000-4000-8000-000000000001', 'Budget', 'budget.pdf');
  const draft = file('00000000-0000-4000-8000-000000000002', 'Budget', 'budget.pdf');

  it('are named by id, so a draft of the same name is not among them', () => {
    expect(filesOfRecord({ attachments: [attachment('Budget', 'budget.pdf', sent.id)] }, [sent, draft])).toEqual([
      sent,
    ]);
  });

  it('are named by slot and file name in a record frozen before ids were kept', () => {
    const other = file('00000000-0000-4000-8000-000000000003', 'Statute', 'statute.pdf');
    expect(filesOfRecord({ attachments: [attachment('Statute', 'statute.pdf')] }, [sent, other])).toEqual([other]);
    expect(filesOfRecord({ attachments: [] }, [sent, other])).toEqual([]);
  });
});
