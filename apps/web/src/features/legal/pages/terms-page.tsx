import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../../components/brand-mark';
import { AppLink } from '../../../components/link';

const SECTIONS: { title: string; paragraphs: string[] }[] = [
  {
    title: 'Using the service',
    paragraphs: [
      'Clinic Inventory is provided to registered clinics to manage product stock, purchasing, treatments and patient visit history. Each organization is reviewed before its accounts can be used.',
      'Account holders are responsible for the people they invite, for keeping their passwords private and for the accuracy of the stock, treatment and patient records they enter.',
    ],
  },
  {
    title: 'Patient information',
    paragraphs: [
      'Patients are identified by the chart number your clinic assigns; do not enter patient names or other identifying details where a chart number is asked for.',
      'Voice recordings and case notes are stored for your organization only and are used to produce transcripts and summaries for your clinicians.',
    ],
  },
  {
    title: 'Privacy',
    paragraphs: [
      'We store the names, e-mail addresses and phone numbers of account holders to operate the service, send invitations, password resets and service notices.',
      'Data of one organization is never shown to another. Product administrators can see organization and account details to approve clinics and provide support.',
      'You can ask your organization administrator to remove an account at any time; removed accounts can no longer sign in.',
    ],
  },
  {
    title: 'Payments',
    paragraphs: [
      'Subscriptions are paid by card through our payment provider; card details are handled by that provider and are not stored by Clinic Inventory.',
    ],
  },
];

export function TermsPage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper sx={{ maxWidth: 760, mx: 'auto', p: { xs: 3, sm: 5 } }}>
        <BrandMark />
        <Typography variant="h1" sx={{ mt: 3, mb: 2 }}>
          Terms &amp; Privacy
        </Typography>
        {SECTIONS.map((section) => (
          <Box component="section" key={section.title} sx={{ mb: 3 }}>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {section.title}
            </Typography>
            {section.paragraphs.map((text) => (
              <Typography key={text} sx={{ mb: 1.5 }}>
                {text}
              </Typography>
            ))}
          </Box>
        ))}
        <AppLink to="/">Back to Clinic Inventory</AppLink>
      </Paper>
    </Box>
  );
}
