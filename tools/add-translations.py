import json, re, sys
# usage: add-translations.py <dir> <json-of {lang: {dotted.key: text}}>
# French gets its non-breaking spaces before : ; ? ! and inside « » (a test holds every file to it).
def french(text):
    return re.sub(r'« ', '«\u00a0', re.sub(r' ([:;?!»])', '\u00a0\\1', text))

d = sys.argv[1]
data = json.loads(open(sys.argv[2]).read())
for lang, entries in data.items():
    p = f"{d}/{lang}.json"
    try:
        tree = json.load(open(p))
    except FileNotFoundError:
        tree = {}
    for key, text in entries.items():
        node = tree
        parts = key.split('.')
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = french(text) if lang == 'fr' else text
    open(p, 'w').write(json.dumps(tree, ensure_ascii=False, indent=2) + "\n")
