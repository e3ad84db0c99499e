import { type TUploadStepFile, UPLOAD_FILE_TYPES } from '@impact/domain';
import type { StepEditorProps } from './step-editor-props';
import { UploadFilesEditor } from './upload-files-editor';

/**
 * Lenient, so a half-filled row (an empty file name) stays on screen while the admin types; the
 * strict check runs on Salva and on the server.
 */
function readUploadFiles(content: string): TUploadStepFile[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  return json.map((item: Partial<Record<keyof TUploadStepFile, unknown>>) => ({
    file_name: typeof item?.file_name === 'string' ? item.file_name : '',
    file_description: typeof item?.file_description === 'string' ? item.file_description : '',
    file_type: (UPLOAD_FILE_TYPES as readonly unknown[]).includes(item?.file_type)
      ? (item.file_type as TUploadStepFile['file_type'])
      : 'pdf',
    dimensions: typeof item?.dimensions === 'number' ? item.dimensions : 0,
    mandatory: item?.mandatory === true,
  }));
}

export function UploadStepEditor({ content, onChange, showErrors }: StepEditorProps) {
  return (
    <UploadFilesEditor
      files={readUploadFiles(content)}
      onChange={(next) => onChange(JSON.stringify(next))}
      showErrors={showErrors}
    />
  );
}
