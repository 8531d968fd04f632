// Spec §5 CSV import into a list input: a .csv file under 80 MB, one value per line, lines trimmed
// and empty ones skipped.
import { Button, FileButton } from '@mantine/core';
import { parseCsvLines, validateCsvFile } from '@netfleet/contracts';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { SCHEMA_FORM_TEXTS } from '../texts';

interface CsvUploadButtonProps {
  disabled?: boolean;
  onLines: (lines: string[]) => void;
  onError: (message: string) => void;
}

export function CsvUploadButton({ disabled, onLines, onError }: CsvUploadButtonProps) {
  const read = async (file: File | null) => {
    if (!file) return;
    const problem = validateCsvFile(file);
    if (problem) {
      onError(problem);
      return;
    }
    onLines(parseCsvLines(await file.text()));
  };

  return (
    <FileButton onChange={(file) => void read(file)} accept=".csv,text/csv" disabled={disabled}>
      {(buttonProps) => (
        <Button
          {...buttonProps}
          variant="default"
          size="xs"
          leftSection={<IconFileTypeCsv size={16} />}
        >
          {SCHEMA_FORM_TEXTS.csvUpload}
        </Button>
      )}
    </FileButton>
  );
}
