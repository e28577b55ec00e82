# Written for charscope's tests: isolates that are closed on their line, and a lone PDF.
echo "name: ⁧שלום⁩ ok"
echo "stray ‬ pop"
