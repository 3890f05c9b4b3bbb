# Reads a .bib file with Text::BibTeX (btparse, the parser biber uses; Debian package
# libtext-bibtex-perl) and prints its entries as JSON: type, key, every field's value as
# btparse gives it, and how many names BibTeX's `and` splitting finds in `author`. Values stay
# the bytes of the file (printed as Latin-1 JSON, so the output bytes are the file's UTF-8).
# Used by test/support/bibtex-oracle.ts; reads the file named by its only argument.
use strict;
use warnings;
use Text::BibTeX;
use JSON::PP;

my $file = Text::BibTeX::File->new($ARGV[0]) or die "cannot open\n";
my @entries;
my $errors = 0;
while (my $entry = Text::BibTeX::Entry->new($file)) {
  if (!$entry->parse_ok) { $errors++; next; }
  my %fields = map { $_ => $entry->get($_) } $entry->fieldlist;
  my @authors = $entry->exists('author') ? map { scalar(join(' ', $_->part('last') // ())) } $entry->names('author') : ();
  push @entries, { type => $entry->type, key => $entry->key, fields => \%fields, order => [$entry->fieldlist], author_count => scalar(@authors) };
}
print JSON::PP->new->canonical->latin1->encode({ entries => \@entries, errors => $errors }), "\n";
