import Button, { type ButtonProps } from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { productImportTemplateCsv } from '@clinic/domain';
import { saveFile } from '../../../lib/download';

/** Saves the product import template (headers and a marked example row the importer refuses). */
export function ProductTemplateButton({ label = 'Download template', ...props }: Pick<ButtonProps, 'variant' | 'size' | 'sx'> & { label?: string }) {
  return (
    <Button
      startIcon={<FileDownloadOutlined />}
      {...props}
      onClick={() => { saveFile(new Blob([productImportTemplateCsv()], { type: 'text/csv;charset=utf-8' }), 'product-import-template.csv'); }}
    >
      {label}
    </Button>
  );
}
