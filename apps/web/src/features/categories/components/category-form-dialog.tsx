import { useState } from 'react';
import FormHelperText from '@mui/material/FormHelperText';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import {
  CATEGORY_MESSAGES,
  CreateCategoryRequestSchema,
  UpdateCategoryRequestSchema,
  type Category,
  type UpdateCategoryRequest,
} from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { ImageUploadField } from '../../../components/upload/image-upload-field';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useCreateCategory, useUpdateCategory } from '../api/categories-api';
import { categoryFailureMessage } from '../category-messages';

const FIELDS = ['name', 'description', 'image_url'] as const;

interface CategoryFormValues {
  name: string;
  description: string;
  /** Left undefined until the image is changed: a new stored address, or null once removed. */
  image_url?: string | null;
}

const EMPTY: CategoryFormValues = { name: '', description: '' };

interface CategoryFormFrameProps {
  title: string;
  submitLabel: string;
  pending: boolean;
  control: Control<CategoryFormValues>;
  /** The image the category has now (a signed address), shown until another is chosen. */
  currentImageUrl: string | null;
  onSubmit: () => void;
  onClose: () => void;
}

/** The category form itself, shared by Add and Edit. */
function CategoryFormFrame({ title, submitLabel, pending, control, currentImageUrl, onSubmit, onClose }: CategoryFormFrameProps) {
  // Saving before the file is stored would save the category without its picture.
  const [uploading, setUploading] = useState(false);
  return (
    <ActionDialog form title={title} submitLabel={submitLabel} onSubmit={onSubmit} ready={!uploading} pending={pending} cancelDisabledWhilePending onClose={onClose}>
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <Controller
        control={control}
        name="image_url"
        render={({ field, fieldState }) => (
          <div>
            <ImageUploadField
              label="Image"
              type="category_image"
              currentUrl={currentImageUrl}
              onChange={field.onChange}
              onBusyChange={setUploading}
              disabled={pending}
            />
            {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
          </div>
        )}
      />
    </ActionDialog>
  );
}

/**
 * Adds a category. Mount it only while open: a fresh form per opening, and an upload still
 * finishing after Cancel has no form left to write its address into.
 */
export function CreateCategoryDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const createCategory = useCreateCategory();
  const { control, handleSubmit, setError } = useForm<CategoryFormValues>({
    resolver: zodResolver(CreateCategoryRequestSchema, zodParseOptions) as Resolver<CategoryFormValues>,
    defaultValues: EMPTY,
  });

  const submit = handleSubmit((values) => {
    createCategory.mutate(
      { name: values.name, description: values.description, image_url: values.image_url ?? undefined },
      {
        onSuccess: () => {
          notify.success(CATEGORY_MESSAGES.added);
          onClose();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, FIELDS)) return;
          notify.error(categoryFailureMessage('create', error));
        },
      },
    );
  });

  return (
    <CategoryFormFrame
      title="Add Category"
      submitLabel="Add Category"
      pending={createCategory.isPending}
      control={control}
      currentImageUrl={null}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}

/** Edits one category; mount it per category (key by id) so the form starts from that category's values. */
export function EditCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const notify = useNotify();
  const updateCategory = useUpdateCategory();
  const { control, handleSubmit, setError } = useForm<CategoryFormValues>({
    resolver: zodResolver(UpdateCategoryRequestSchema, zodParseOptions) as Resolver<CategoryFormValues>,
    defaultValues: { name: category.name, description: category.description },
  });

  const submit = handleSubmit((values) => {
    // PATCH is partial: send only what changed, so a colleague's edit of another field is not overwritten.
    // The image goes only when replaced or removed; the signed address we show is not a stored one.
    const body: UpdateCategoryRequest = {};
    if (values.name !== category.name) body.name = values.name;
    if (values.description !== category.description) body.description = values.description;
    if (values.image_url !== undefined) body.image_url = values.image_url;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    updateCategory.mutate(
      { id: category.id, body },
      {
        onSuccess: () => {
          notify.success(CATEGORY_MESSAGES.updated);
          onClose();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, FIELDS)) return;
          notify.error(categoryFailureMessage('update', error));
        },
      },
    );
  });

  return (
    <CategoryFormFrame
      title="Edit Category"
      submitLabel="Save"
      pending={updateCategory.isPending}
      control={control}
      currentImageUrl={category.image_url}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
