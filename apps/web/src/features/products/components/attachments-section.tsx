import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { PRODUCT_MESSAGES, type Attachment } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { useDeleteAttachment } from '../api/products-api';
import { AddAttachmentDialog } from './add-attachment-dialog';

const TYPE_LABEL = { image: 'Image', document: 'PDF document', video: 'Video' } as const;

function AttachmentIcon({ attachment }: { attachment: Attachment }) {
  if (attachment.type === 'image') {
    return <Box component="img" src={attachment.value} alt="" sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }} />;
  }
  return attachment.type === 'document' ? <PictureAsPdfOutlined color="error" /> : <OndemandVideoOutlined color="primary" />;
}

/** Instructions For Use: images and PDFs (uploads) and video links; a location's own are private to it. */
export function AttachmentsSection({ productId, attachments, canManage, ownerCompanyId }: { productId: string; attachments: Attachment[]; canManage: boolean; ownerCompanyId: string | null }) {
  const notify = useNotify();
  const remove = useDeleteAttachment(productId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Attachment | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="ifu-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="ifu-title" variant="h6" component="h2">
          Instructions For Use
        </Typography>
        {canManage ? (
          <Button startIcon={<AddOutlined />} onClick={() => { setAdding(true); }}>
            Add Attachment
          </Button>
        ) : null}
      </Box>
      {attachments.length === 0 ? (
        <Typography color="text.secondary">No instructions attached yet.</Typography>
      ) : (
        <List dense disablePadding>
          {attachments.map((attachment) => (
            <ListItem
              key={attachment.id}
              disableGutters
              secondaryAction={
                canManage && attachment.company_id === ownerCompanyId ? (
                  <IconButton edge="end" aria-label={`Delete attachment ${attachment.name}`} onClick={() => { setDeleting(attachment); }}>
                    <DeleteOutlined />
                  </IconButton>
                ) : null
              }
            >
              <ListItemAvatar sx={{ minWidth: 56 }}>
                <AttachmentIcon attachment={attachment} />
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Link href={attachment.value} target="_blank" rel="noopener noreferrer" underline="hover">
                    {attachment.name}
                  </Link>
                }
                secondary={TYPE_LABEL[attachment.type]}
              />
            </ListItem>
          ))}
        </List>
      )}
      {adding ? <AddAttachmentDialog productId={productId} onClose={() => { setAdding(false); }} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete attachment?"
        message={PRODUCT_MESSAGES.attachmentDeleteConfirm}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onClose={() => { setDeleting(null); }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success(PRODUCT_MESSAGES.attachmentDeleted);
              setDeleting(null);
            },
            onError: () => { notify.error(PRODUCT_MESSAGES.attachmentDeleteFailed); },
          });
        }}
      />
    </Paper>
  );
}
