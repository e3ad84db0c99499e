import json, sys
# usage: addkeys.py <dir> <json-of {lang: {dotted.key: text}}>
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
        node[parts[-1]] = text
    open(p, 'w').write(json.dumps(tree, ensure_ascii=False, indent=2) + "\n")
